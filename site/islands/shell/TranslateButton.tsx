import { Languages } from 'lucide-react';
import { useShellMessages } from './messages.tsx';
import { Hint, iconButtonClass } from './Hint.tsx';
import { translateUrl } from './translate.ts';

/** Opens a web translation of this page in a new tab (docs/product.md#site). */
export function TranslateButton() {
  const m = useShellMessages();
  return (
    <Hint label={m.translatePage}>
      <button
        type="button"
        aria-label={m.translatePageLabel}
        className={iconButtonClass}
        onClick={() => {
          window.open(translateUrl(window.location.href, navigator.language), '_blank', 'noopener,noreferrer');
        }}
      >
        <Languages aria-hidden="true" className="h-5 w-5" />
      </button>
    </Hint>
  );
}
