import { useState } from 'react';
import { useShellMessages } from './messages.tsx';
import { useOnDemand } from '../../ui/on-demand.ts';
import { iconButtonClass } from './Hint.tsx';
import { MenuIcon, type MobileMenuProps } from './menu-icon.tsx';

/**
 * The mobile menu's button (below md). The sheet (Radix Dialog) is fetched on first touch, focus
 * or press, so desktop visitors and anyone who never opens it do not download it.
 */
export function MobileMenu(props: MobileMenuProps) {
  const m = useShellMessages();
  const sheet = useOnDemand(() => import('./MobileSheet.tsx'));
  const [used, setUsed] = useState(false);
  if (sheet.loaded && used) return <sheet.loaded.MobileSheet {...props} />;
  return (
    <button
      type="button"
      className={`${iconButtonClass} md:hidden`}
      aria-label={m.openMenu}
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={sheet.pending || undefined}
      onPointerDown={sheet.warm}
      onFocus={sheet.warm}
      onClick={() => {
        setUsed(true);
        void sheet.activate();
      }}
    >
      <MenuIcon />
    </button>
  );
}
