import { Tooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** Icon buttons in the header: a square hit area, a hover tint and the global focus ring. */
export const iconButtonBase =
  'relative inline-flex h-9 shrink-0 items-center justify-center rounded-lg text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 data-[state=open]:bg-surface-2 sm:h-10';
export const iconButtonClass = `${iconButtonBase} w-9 sm:w-10`;

/**
 * A tooltip for a control that already has its accessible name (the tooltip only adds a visible
 * hint for pointer users). The timing comes from the Tooltip.Provider that island() adds.
 */
export function Hint({
  label,
  children,
  side = 'bottom',
}: {
  label: ReactNode;
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-[70] max-w-xs rounded-md bg-fg px-2 py-1 text-xs font-medium text-bg shadow-md"
        >
          {label}
          <Tooltip.Arrow className="fill-fg" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
