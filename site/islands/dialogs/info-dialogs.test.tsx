import type { ComponentType } from 'react';
import { infoDialogMessages } from '../../i18n/messages/info-dialogs.ts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '../../i18n/locales.ts';
import type { HostedDialogProps } from '../../ui/Dialog.tsx';
import ArbitrationDialog, { ArbitrationBody } from './ArbitrationDialog.tsx';
import BarterDialog, { BarterBody } from './BarterDialog.tsx';
import FaqDialog, { FaqBody, faqItemValue } from './FaqDialog.tsx';
import { faqContent } from './faq-content.ts';
import QualityEvaluationDialog, { QualityEvaluationBody, QUALITY_TOPICS } from './QualityEvaluationDialog.tsx';

/** Server rendering of the information dialogs' content (what the browser shows once opened). */

const dialogs: [string, ComponentType<HostedDialogProps>, ComponentType<{ locale: Locale }>][] = [
  ['faq', FaqDialog, FaqBody],
  ['barter', BarterDialog, BarterBody],
  ['arbitration', ArbitrationDialog, ArbitrationBody],
  ['quality-evaluation', QualityEvaluationDialog, QualityEvaluationBody],
];

/** The visible text of some HTML, with every kind of space made a plain one. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');
}

const triggerCount = (html: string) => html.match(/<button[^>]*aria-expanded="/g)?.length ?? 0;

describe('information dialogs render', () => {
  for (const [name, Dialog, Body] of dialogs) {
    for (const locale of locales) {
      it(`${name} renders in ${locale}, open and closed`, () => {
        const onOpenChange = () => {};
        expect(() => renderToString(<Dialog locale={locale} open onOpenChange={onOpenChange} />)).not.toThrow();
        expect(() => renderToString(<Dialog locale={locale} open={false} onOpenChange={onOpenChange} />)).not.toThrow();
        expect(textOf(renderToString(<Body locale={locale} />)).trim().length).toBeGreaterThan(80);
      });
    }
  }

  it.each(locales)('renders every FAQ answer and every quality topic when opened, in %s', (locale) => {
    for (const group of faqContent(locale)) {
      for (const entry of group.entries) {
        const html = renderToString(<FaqBody locale={locale} initiallyOpen={faqItemValue(group.id, entry.id)} />);
        expect(html.match(/aria-expanded="true"/g), entry.id).toHaveLength(1);
        const text = textOf(html);
        for (const part of [...entry.answer, ...(entry.list ?? []), ...(entry.after ?? [])]) {
          expect(text, entry.id).toContain(textOf(part));
        }
        if (entry.link) expect(html).toContain(`href="${entry.link.href}"`);
      }
    }
    for (const topic of QUALITY_TOPICS) {
      const html = renderToString(<QualityEvaluationBody locale={locale} initiallyOpen={topic} />);
      expect(html.match(/aria-expanded="true"/g), topic).toHaveLength(1);
      expect(textOf(html).length, topic).toBeGreaterThan(400);
    }
  });
});

describe('FAQ', () => {
  it.each(locales)('has exactly 24 questions in six groups in %s, all closed at first', (locale) => {
    const groups = faqContent(locale);
    expect(groups).toHaveLength(6);
    const questions = groups.flatMap((group) => group.entries.map((entry) => entry.question));
    expect(questions).toHaveLength(24);
    expect(new Set(questions).size).toBe(24);

    const html = renderToString(<FaqBody locale={locale} />);
    expect(triggerCount(html)).toBe(24);
    expect(html.match(/aria-expanded="true"/g)).toBeNull();
    expect(html.match(/<h3 /g)).toHaveLength(6);
    expect(html.match(/<h4 /g)).toHaveLength(24);
  });

  it.each(locales)('never gives 99 dollars as a price and lists Enterprise at 129 dollars in %s', (locale) => {
    const text = textOf(
      faqContent(locale)
        .flatMap((group) => [
          group.title,
          ...group.entries.flatMap((entry) => [
            entry.question,
            ...entry.answer,
            ...(entry.list ?? []),
            ...(entry.after ?? []),
            entry.link?.label ?? '',
          ]),
        ])
        .join('\n'),
    );
    expect(text).not.toMatch(/\$ ?99\b|\b99 ?\$/);
    expect(text).toContain(locale === 'en' ? 'Enterprise: $129/month' : 'Enterprise : 129 $/mois');
  });

  it('takes its prices, fees and boosts from the shared data, formatted for each language', () => {
    const entry = (locale: Locale, id: string) =>
      faqContent(locale)
        .flatMap((group) => group.entries)
        .find((candidate) => candidate.id === id)!;
    expect(entry('en', 'fees').list).toEqual([
      'Under $500: 8%',
      '$500–$1,999: 6%',
      '$2,000–$4,999: 5%',
      '$5,000 and over: 4%',
    ]);
    expect(entry('fr', 'fees').list!.map(textOf)).toEqual([
      'Moins de 500 $ : 8 %',
      'De 500 $ à 1 999 $ : 6 %',
      'De 2 000 $ à 4 999 $ : 5 %',
      '5 000 $ et plus : 4 %',
    ]);
    expect(entry('en', 'fees').after).toContain(
      'Example: on a $3,000 job the fee is $150.00 (5%) and the contractor receives $2,850.00.',
    );
    expect(entry('en', 'plans').list).toEqual([
      'Starter: Free',
      'Local: $19/month',
      'Pro: $49/month (listed, not offered yet)',
      'Enterprise: $129/month (listed, not offered yet)',
    ]);
    expect(entry('en', 'boosts').list).toEqual([
      '7-day boost: $5 (your first one is free)',
      '30-day featured listing: $15',
      '90-day premium listing: $45',
    ]);
    expect(entry('en', 'ages').answer[0]).toContain('15 or older');
    expect(entry('en', 'ages').answer[0]).toContain('18 or older');
    expect(entry('fr', 'privacy').link).toEqual({
      href: '/fr/privacy-policy',
      label: 'Lire notre politique de confidentialité',
    });
  });
});

describe('arbitration and quality evaluation', () => {
  it('shows the decision matrix, the evidence points and the timings from the rules module', () => {
    const text = textOf(renderToString(<ArbitrationBody locale="en" />));
    for (const expected of [
      'Photo: 3 points',
      'Video: 3 points',
      'Document: 2 points',
      'Written statement: 1 point',
      'A description over 100 characters: +1',
      'capped at 10',
      'within 30 seconds',
      'at least 80% confident',
      'within 48 hours',
      'typically within 24–48 hours',
      'within 2–3 business days',
      'Average score of 7 or more',
      'Favours the contractor: full payment',
      'Average score of 3 or less',
      'Favours the customer: 90% refund',
      'Average score above 3, up to 4.5',
      'Average score above 4.5 and below 7',
      'Disputes over jobs under $100 are flagged.',
      'Quality Default score: 7/10',
      'Price Default score: 6/10',
      'Timeline Default score: 7/10',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('formats the French numbers the French way', () => {
    const text = textOf(renderToString(<ArbitrationBody locale="fr" />));
    expect(text).toContain('Note moyenne de plus de 4,5 et de moins de 7');
    expect(text).toContain('remboursement de 90 %');
    expect(text).toContain('moins de 100 $');
  });

  it('shows both fee readings: the transaction tiers, and the arbitration scale named as such', () => {
    for (const locale of locales) {
      const text = textOf(renderToString(<QualityEvaluationBody locale={locale} initiallyOpen="fee-structure" />));
      const m = infoDialogMessages[locale];
      // The transaction tiers first, then the arbitration scale after the sentence that says when it applies.
      const scaleAt = text.indexOf(m.feeArbitrationScale);
      expect(scaleAt).toBeGreaterThan(0);
      expect(text.slice(0, scaleAt)).toMatch(/8 ?%/);
      expect(text.slice(0, scaleAt)).not.toMatch(/\b3[.,]5 ?%/);
      expect(text.slice(scaleAt)).toMatch(/3[.,]5 ?%/);
    }
  });

  it.each(locales)('has the six quality topics in order in %s', (locale) => {
    const html = renderToString(<QualityEvaluationBody locale={locale} />);
    expect(triggerCount(html)).toBe(QUALITY_TOPICS.length);
    const titles = [...html.matchAll(/<h3[^>]*>.*?<\/h3>/g)].map((match) => textOf(match[0]).trim());
    expect(titles).toEqual(
      locale === 'en'
        ? [
            'AI Evidence Analysis',
            'Quality Categories',
            'Decision Matrix',
            'Fee Structure',
            'Human Oversight',
            'Quality Standards',
          ]
        : [
            'Analyse des preuves par IA',
            'Catégories de qualité',
            'Grille de décision',
            'Structure des frais',
            'Supervision humaine',
            'Normes de qualité',
          ],
    );
  });

  it('links barter to the platform and the contractor dashboard, arbitration to its dashboard, per language', () => {
    const en = renderToString(<BarterBody locale="en" />);
    // Straight to the barter list on /platform and the services section of the dashboard.
    expect(en).toContain('href="/platform#barter"');
    expect(en).toContain('href="/contractor-dashboard#offerings"');
    const fr = renderToString(<BarterBody locale="fr" />);
    expect(fr).toContain('href="/fr/platform#barter"');
    expect(fr).toContain('href="/fr/contractor-dashboard#offerings"');
    expect(renderToString(<ArbitrationBody locale="en" />)).toContain('href="/arbitration-dashboard"');
    expect(renderToString(<ArbitrationBody locale="fr" />)).toContain('href="/fr/arbitration-dashboard"');
  });

  it('tells barter users plainly that a trade may be taxable income and to ask an accountant', () => {
    expect(textOf(renderToString(<BarterBody locale="en" />))).toMatch(/fair market value.*taxable income.*accountant/);
    expect(textOf(renderToString(<BarterBody locale="fr" />))).toMatch(
      /juste valeur marchande.*revenu imposable.*comptable/,
    );
  });
});
