import { Bot, Check, Plus, Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { planBuilderMessages } from '../../i18n/messages/landing.ts';
import { formatPrice } from '../../i18n/money.ts';
import { generateUpsellsBody, UPSELL_SERVICE_TYPE_MAX } from '../../../shared/http/ai.ts';
import { ApiError } from '../../lib/api.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import {
  canGenerate,
  failureKind,
  selectedTotalCents,
  toggleByName,
  withSuggestions,
  type BuilderState,
} from './ai-builder.ts';
import { generateUpsells } from '../ai/stores.ts';
import { AI_SAMPLE_FEATURES } from './plan-builder.ts';

type Props = {
  locale: Locale;
  /** The landing page leads visitors to /become-contractor; the contractor dashboard does not. */
  showCta?: boolean;
};

type Failure = 'rate-limited' | 'sign-in' | 'failed';

/**
 * The AI Subscription Builder (docs/product.md#ai-upsells): a sample of premium add-ons at first;
 * a service type (trimmed; Generate is off while it is empty or running, Enter generates) asks
 * POST /api/ai/generate-upsells for suggestions, which replace the list and clear the selection.
 * Add-ons toggle by name and the total is the sum of those switched on. Once a day per user.
 */
function AiBuilderCard({ locale, showCta = true }: Props) {
  const m = planBuilderMessages[locale];
  const inputId = useId();
  const [serviceType, setServiceType] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [state, setState] = useState<BuilderState>(() => ({
    suggestions: AI_SAMPLE_FEATURES.map((f) => ({ name: m[f.id], description: '', price: f.priceCents / 100 })),
    selected: [],
    pending: false,
    sample: true,
  }));
  const price = (cents: number) => format(m.featurePrice, { price: formatPrice(cents, locale) });

  async function generate(event: FormEvent) {
    event.preventDefault();
    if (!canGenerate(serviceType, state.pending)) return;
    // The body the API takes (generateUpsellsBody: trimmed, not blank, not too long).
    const body = generateUpsellsBody.safeParse({ serviceType });
    if (!body.success) return setFailure('failed');
    setState((current) => ({ ...current, pending: true }));
    setFailure(null);
    try {
      const upsells = await generateUpsells(body.data.serviceType, locale);
      setState((current) => withSuggestions(current, upsells));
    } catch (error) {
      const status = error instanceof ApiError ? error.status : null;
      const text = error instanceof ApiError ? (error.serverMessage ?? '') : '';
      setFailure(failureKind(status, text));
      setState((current) => ({ ...current, pending: false }));
    }
  }

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
        {state.sample && (
          <span className="mr-1.5 inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 align-[1px] text-xs font-medium">
            <Sparkles aria-hidden="true" className="size-3" />
            {m.aiBadge}
          </span>
        )}
        {m.aiIntro}
      </p>

      <form className="relative mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(e) => void generate(e)}>
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {m.aiServiceLabel}
          </label>
          <input
            id={inputId}
            value={serviceType}
            maxLength={UPSELL_SERVICE_TYPE_MAX}
            onChange={(event) => setServiceType(event.target.value)}
            placeholder={m.aiServicePlaceholder}
            className="mt-1 h-10 w-full rounded-lg border border-border bg-bg px-3 text-sm text-fg placeholder:text-muted focus-visible:outline-2"
          />
        </div>
        <button
          type="submit"
          disabled={!canGenerate(serviceType, state.pending)}
          className={buttonClasses('primary', 'md', 'shrink-0')}
        >
          {state.pending ? m.aiGenerating : m.aiGenerate}
        </button>
      </form>
      <div aria-live="polite" className="relative">
        {failure === 'sign-in' ? (
          <p className="mt-2 text-sm">
            {m.aiSignIn}{' '}
            <a
              className="font-medium text-accent-text underline underline-offset-2"
              href={localizePath('/signin', locale)}
            >
              {m.aiSignInLink}
            </a>
          </p>
        ) : failure ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {failure === 'rate-limited' ? m.aiRateLimited : m.aiFailed}
          </p>
        ) : null}
      </div>

      <h4 className="relative mt-4 text-sm font-medium">{state.sample ? m.aiChoose : m.aiGenerated}</h4>
      <ul className="relative mt-2 grid gap-2" aria-busy={state.pending} data-ai-suggestions>
        {state.suggestions.map((suggestion) => {
          const on = state.selected.includes(suggestion.name);
          return (
            <li key={suggestion.name}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => setState((current) => toggleByName(current, suggestion.name))}
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
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-x-3">
                    <span>{suggestion.name}</span>
                    <span className="text-muted tabular-nums">{price(Math.round(suggestion.price * 100))}</span>
                  </span>
                  {suggestion.description && <span className="text-xs text-muted">{suggestion.description}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      <div className="relative mt-4 flex items-baseline justify-between gap-3 border-t border-border pt-4">
        <span className="text-sm text-muted">{m.aiTotal}</span>
        <span aria-live="polite" className="text-xl font-bold tabular-nums" data-ai-total>
          {price(selectedTotalCents(state))}
        </span>
      </div>
      <p className="relative mt-1 text-xs text-muted">{m.aiLimit}</p>
      {showCta && (
        <a
          href={localizePath('/become-contractor', locale)}
          className={buttonClasses('primary', 'md', 'relative mt-4 w-full')}
        >
          {m.aiCta}
        </a>
      )}
    </div>
  );
}

export default island(AiBuilderCard);
