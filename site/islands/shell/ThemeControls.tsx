import { useStore } from '@nanostores/react';
import { Moon, Sun } from 'lucide-react';
import { useShellMessages } from './messages.tsx';
import { $theme, THEME_TOGGLE_ATTRIBUTE, toggleTheme } from '../../stores/theme.ts';
import { Hint, iconButtonClass } from './Hint.tsx';

/**
 * Theme controls (docs/product.md#site): the light/dark toggle. It works before the header has any
 * code: the inline theme script (ui/theme-boot.ts) handles a press on `data-theme-toggle` until the
 * theme store runs. Its icon and accessible name follow `data-theme` on <html> by CSS (both are in
 * the server HTML, one hidden), so they are right from the first paint and never mismatch hydration.
 */
export function ThemeToggle() {
  const m = useShellMessages();
  const theme = useStore($theme);
  // The hint renders only once hovered or focused, after mount: it can read the store.
  const label = theme === 'dark' ? m.switchToLight : m.switchToDark;
  return (
    <Hint label={label}>
      <button type="button" className={iconButtonClass} {...{ [THEME_TOGGLE_ATTRIBUTE]: '' }} onClick={toggleTheme}>
        <Sun aria-hidden="true" className="h-5 w-5 light:hidden" />
        <Moon aria-hidden="true" className="h-5 w-5 dark:hidden" />
        <span className="sr-only light:hidden">{m.switchToLight}</span>
        <span className="sr-only dark:hidden">{m.switchToDark}</span>
      </button>
    </Hint>
  );
}
