import type { Locale } from '../../i18n/locales.ts';
import { faqMessages } from '../../i18n/messages/faq.ts';
import { bodyDialog } from '../../ui/Dialog.tsx';
import { faqContent } from './faq-content.ts';
import { AccordionGroup, InfoAccordion, InfoAccordionItem } from './InfoAccordion.tsx';

/** The value of a question's accordion item. */
export const faqItemValue = (groupId: string, entryId: string) => `${groupId}-${entryId}`;

/**
 * The 24 questions under their group headings: one accordion, so one answer is open at a time.
 * `initiallyOpen` (see `faqItemValue`) opens one question at first.
 */
export function FaqBody({ locale, initiallyOpen }: { locale: Locale; initiallyOpen?: string }) {
  const groups = faqContent(locale);
  return (
    <InfoAccordion className="space-y-6" defaultValue={initiallyOpen}>
      {groups.map((group) => {
        const headingId = `faq-${locale}-${group.id}`;
        return (
          <section key={group.id} aria-labelledby={headingId}>
            <h3 id={headingId} className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
              {group.title}
            </h3>
            <AccordionGroup>
              {group.entries.map((entry) => (
                <InfoAccordionItem
                  key={entry.id}
                  value={faqItemValue(group.id, entry.id)}
                  title={entry.question}
                  level={4}
                >
                  <div className="space-y-3">
                    {entry.answer.map((text) => (
                      <p key={text}>{text}</p>
                    ))}
                    {entry.list ? (
                      <ul className="list-disc space-y-1 pl-5 marker:text-muted">
                        {entry.list.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    ) : null}
                    {entry.after?.map((text) => (
                      <p key={text}>{text}</p>
                    ))}
                    {entry.link ? (
                      <p>
                        <a
                          href={entry.link.href}
                          className="font-medium text-accent-text underline underline-offset-4 hover:no-underline"
                        >
                          {entry.link.label}
                        </a>
                      </p>
                    ) : null}
                  </div>
                </InfoAccordionItem>
              ))}
            </AccordionGroup>
          </section>
        );
      })}
    </InfoAccordion>
  );
}

/** The FAQ dialog (docs/product.md#site), opened from the footer. */
export default bodyDialog(faqMessages, FaqBody, 'lg');
