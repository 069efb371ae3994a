import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../ui/island.tsx';

/** Icon buttons in the header: a square hit area, a hover tint and the global focus ring. */
export const iconButtonBase =
  'relative inline-flex h-9 shrink-0 items-center justify-center rounded-lg text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 data-[state=open]:bg-surface-2 sm:h-10';
export const iconButtonClass = `${iconButtonBase} w-9 sm:w-10`;

/** When the last hint closed: the next one opens at once within the skip delay (docs/product.md#site). */
let lastClosedAt = Number.NEGATIVE_INFINITY;
const EDGE_GAP_PX = 8;

/**
 * A tooltip for a control that already has its accessible name: it only adds a visible hint for
 * pointer and keyboard users. It opens 700 ms after hover or keyboard focus (at once if another
 * hint closed less than 300 ms ago) and closes on leave, blur, press or Escape.
 *
 * Written here rather than taken from Radix Tooltip: Radix needs its popper (floating-ui) in every
 * page's first load, ~15 KB gzip of the 100 KB budget, for a label under an icon. This places the
 * label under its trigger with CSS and only nudges it back inside the viewport.
 */
export function Hint({ label, children }: { label: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const bubble = useRef<HTMLSpanElement>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const [shift, setShift] = useState(0);

  const cancel = () => window.clearTimeout(timer.current);
  const show = () => {
    cancel();
    const delay = performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
    timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    cancel();
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  };
  // Like Radix: focus from the keyboard shows the hint, focus from a click does not.
  const onFocus = (event: FocusEvent<HTMLSpanElement>) => {
    if ((event.target as Element).matches?.(':focus-visible')) show();
  };

  useEffect(() => cancel, []);
  // The header hydrates on the first sign of use (client:interaction): the hover or keyboard focus
  // that woke it came before these listeners, so a pointer already resting here, or keyboard focus
  // already inside, starts the hint now.
  useEffect(() => {
    const element = wrapper.current;
    if (!element?.matches) return;
    const hovered = element.matches(':hover') && window.matchMedia?.('(hover: hover)').matches;
    if (hovered || element.querySelector(':focus-visible')) show();
  }, []); // once, on mount
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  useLayoutEffect(() => {
    if (!open || !bubble.current) return setShift(0);
    const rect = bubble.current.getBoundingClientRect();
    const overflowRight = rect.right - (document.documentElement.clientWidth - EDGE_GAP_PX);
    const overflowLeft = EDGE_GAP_PX - rect.left;
    setShift(overflowRight > 0 ? -overflowRight : overflowLeft > 0 ? overflowLeft : 0);
  }, [open]);

  return (
    <span
      ref={wrapper}
      className="relative inline-flex"
      onPointerEnter={(event) => event.pointerType !== 'touch' && show()}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={onFocus}
      onBlur={hide}
    >
      {children}
      {open ? (
        <span
          ref={bubble}
          role="tooltip"
          style={{ translate: `calc(-50% + ${shift}px) 0` }}
          className="pointer-events-none absolute top-full left-1/2 z-[70] mt-1.5 w-max max-w-xs rounded-md bg-fg px-2 py-1 text-xs font-medium text-bg shadow-md"
        >
          {label}
        </span>
      ) : null}
    </span>
  );
}
