import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * The accordion of the information dialogs: one section open at a time (opening one closes the
 * other, and the open one can be closed again). Anything may sit between the items, such as the
 * FAQ's group headings: it is still one accordion. Up/Down, Home and End move between the
 * triggers, Enter or Space toggles.
 */
export function InfoAccordion({
  children,
  className = '',
  defaultValue,
}: {
  children: ReactNode;
  className?: string;
  /** The item open at first; none by default. */
  defaultValue?: string;
}) {
  return (
    <Accordion.Root type="single" collapsible defaultValue={defaultValue} className={className}>
      {children}
    </Accordion.Root>
  );
}

/** A bordered box for a run of items, so their dividers line up. */
export function AccordionGroup({ children }: { children: ReactNode }) {
  return <div className="divide-y divide-border overflow-hidden rounded-xl border border-border">{children}</div>;
}

export type InfoAccordionItemProps = {
  value: string;
  title: ReactNode;
  /** The heading level of the trigger, under the dialog title (h2) and any group heading. */
  level?: 3 | 4;
  /** A decorative icon before the title. */
  icon?: ReactNode;
  children: ReactNode;
};

export function InfoAccordionItem({ value, title, level = 3, icon, children }: InfoAccordionItemProps) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <Accordion.Item value={value} className="bg-surface">
      <Accordion.Header asChild>
        <Heading className="text-sm font-semibold sm:text-base">
          <Accordion.Trigger className="group flex min-h-12 w-full items-center gap-3 px-4 py-3 text-left text-fg transition-colors -outline-offset-2 hover:bg-surface-2 focus-visible:outline-2 data-[state=open]:bg-surface-2">
            {icon ? (
              <span aria-hidden="true" className="shrink-0 text-accent-text">
                {icon}
              </span>
            ) : null}
            <span className="min-w-0 flex-1 break-words">{title}</span>
            <ChevronDown
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
            />
          </Accordion.Trigger>
        </Heading>
      </Accordion.Header>
      <Accordion.Content className="px-4 pt-1 pb-4 text-sm leading-relaxed text-fg/90">{children}</Accordion.Content>
    </Accordion.Item>
  );
}
