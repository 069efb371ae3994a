import { useStore } from '@nanostores/react';
import { Moon, Sun } from 'lucide-react';
import { useShellMessages } from './messages.tsx';
import { $theme, toggleTheme } from '../../stores/theme.ts';
import { useMounted } from '../../ui/use-mounted.ts';
import { Hint, iconButtonClass } from './Hint.tsx';

/**
 * Spec section 2, theme controls: the light/dark toggle. The theme is persisted, so its icon and
 * label render only after mount (server HTML and hydration both show the neutral state).
 */
export function ThemeToggle() {
  const m = useShellMessages();
  const theme = useStore($theme);
  const mounted = useMounted();
  const label = !mounted ? m.themeToggle : theme === 'dark' ? m.switchToLight : m.switchToDark;
  return (
    <Hint label={label}>
      <button type="button" className={iconButtonClass} aria-label={label} onClick={toggleTheme}>
        {!mounted ? (
          <span aria-hidden="true" className="h-5 w-5" />
        ) : theme === 'dark' ? (
          <Sun aria-hidden="true" className="h-5 w-5" />
        ) : (
          <Moon aria-hidden="true" className="h-5 w-5" />
        )}
      </button>
    </Hint>
  );
}
