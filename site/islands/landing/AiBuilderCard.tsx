import { Bot, Check, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { planBuilderMessages } from '../../i18n/messages/landing.ts';
import { formatPrice } from '../../i18n/money.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { AI_SAMPLE_FEATURES, aiSelectionCents, toggleFeature, type AiSampleFeature } from './plan-builder.ts';

type Props = { locale: Locale };

const ORDER = AI_SAMPLE_FEATURES.map((feature) => feature.id);

/**
 * The AI Subscription Builder card (spec sections 1 and 9): a sample of the premium add-ons the
 * generator suggests, which the visitor switches on and off to see the monthly total. The real
 * generator (once a day per user) comes with the subscriptions issue; the card leads to
 * /become-contractor meanwhile.
 */
function AiBuilderCard({ locale }: Props) {
  const m = planBuilderMessages[locale];
  const [selected, setSelected] = useState<AiSampleFeature[]>([]);
  const price = (cents: number) => format(m.featurePrice, { price: formatPrice(cents, locale) });

  return (
    <div className="relative overflow-hidden rounded-2xl border border-border bg-surface p-5 shadow-xl shadow-black/10 sm:p-6">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-accent/15 blur-3xl"
      />
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent text-accent-fg">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        <h3 className="text-lg font-bold tracking-tight">{m.aiTitle}</h3>
      </div>
      <p className="mt-3 text-sm text-muted">
        <span className="mr-1.5 inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 align-[1px] text-xs font-medium">
          <Sparkles aria-hidden="true" className="size-3" />
          {m.aiBadge}
        </span>
        {m.aiIntro}
      </p>

      <h4 className="mt-4 text-sm font-medium">{m.aiChoose}</h4>
      <ul className="mt-2 grid gap-2">
        {AI_SAMPLE_FEATURES.map((feature) => {
          const on = selected.includes(feature.id);
          return (
            <li key={feature.id}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => setSelected((current) => toggleFeature(current, feature.id, ORDER))}
                className="flex w-full items-center gap-3 rounded-lg border border-border px-3 py-2.5 text-left text-sm transition hover:bg-surface-2 aria-pressed:border-accent aria-pressed:bg-surface-2"
              >
                <span
                  aria-hidden="true"
                  className={`grid size-5 shrink-0 place-items-center rounded-md border ${
                    on ? 'border-accent bg-accent text-accent-fg' : 'border-border text-muted'
                  }`}
                >
                  {on ? <Check className="size-3.5" /> : <Plus className="size-3.5" />}
                </span>
                <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-x-3">
                  <span>{m[feature.id]}</span>
                  <span className="text-muted tabular-nums">{price(feature.priceCents)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      <div className="mt-4 flex items-baseline justify-between gap-3 border-t border-border pt-4">
        <span className="text-sm text-muted">{m.aiTotal}</span>
        <span aria-live="polite" className="text-xl font-bold tabular-nums" data-ai-total>
          {price(aiSelectionCents(selected))}
        </span>
      </div>
      <p className="mt-1 text-xs text-muted">{m.aiLimit}</p>
      <a href={localizePath('/become-contractor', locale)} className={buttonClasses('primary', 'md', 'mt-4 w-full')}>
        {m.aiCta}
      </a>
    </div>
  );
}

export default island(AiBuilderCard);
