import { useState } from 'react';
import { useShellMessages } from './messages.tsx';
import { useOnDemand } from '../../ui/on-demand.ts';
import { AccentIcon } from './accent.tsx';
import { Hint, iconButtonClass } from './Hint.tsx';

/**
 * Theme controls (docs/product.md#site): the accent-colour button. The popover itself (Radix Popover and
 * Slider) is fetched on first hover, focus or press, so it costs the first load nothing.
 */
export function AccentPopover() {
  const m = useShellMessages();
  const panel = useOnDemand(() => import('./AccentPanel.tsx'));
  const [used, setUsed] = useState(false);
  if (panel.loaded && used) return <panel.loaded.AccentPopoverLoaded />;
  return (
    <Hint label={m.accentColor}>
      <button
        type="button"
        className={iconButtonClass}
        aria-label={m.accentColor}
        aria-haspopup="dialog"
        aria-expanded={false}
        aria-busy={panel.pending || undefined}
        onPointerEnter={panel.warm}
        onFocus={panel.warm}
        onClick={() => {
          setUsed(true);
          void panel.activate();
        }}
      >
        <AccentIcon />
      </button>
    </Hint>
  );
}
