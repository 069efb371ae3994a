import { useId, useReducer } from 'react';
import { FEE_CALCULATOR } from '../../../shared/domain/fees/tiers.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { Input } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { calculatorReducer, initialCalculatorState, type CalculatorError } from './calculator-state.ts';
import { calculatorBounds, feeResult } from './content.ts';
import { FeeTierTable } from './FeeTierTable.tsx';

/**
 * The platform fee calculator (docs/product.md#fees): a job value typed or slid from $50 to
 * $10,000 in steps of 50, the fee tier, the fee rounded to the cent and what the contractor
 * receives. The field is a text box with a decimal keypad rather than `type="number"`, so that
 * refused input (letters, "1e3") stays visible with its error instead of being silently blanked by
 * the browser.
 */
export function FeeCalculator({ locale }: { locale: Locale }) {
  const m = pricingMessages[locale];
  const id = useId();
  const [state, dispatch] = useReducer(calculatorReducer, initialCalculatorState);
  const result = feeResult(state.dollars, locale);
  const bounds = calculatorBounds(locale);
  const errors: Record<CalculatorError, string> = {
    'not-a-number': m.calculatorNotANumber,
    'out-of-range': format(m.calculatorOutOfRange, bounds),
  };
  const ids = { input: `${id}-value`, hint: `${id}-hint`, error: `${id}-error`, results: `${id}-results` };

  return (
    <div className="space-y-6" data-fee-calculator="">
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <label htmlFor={ids.input} className="block text-sm font-medium">
            {m.calculatorLabel}
          </label>
          <Input
            id={ids.input}
            className="mt-1.5 text-lg tabular-nums"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            value={state.text}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? `${ids.hint} ${ids.error}` : ids.hint}
            onChange={(event) => dispatch({ type: 'edit', text: event.target.value })}
            onBlur={() => dispatch({ type: 'commit' })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') dispatch({ type: 'commit' });
            }}
          />
          <p id={ids.hint} className="mt-1.5 text-xs text-muted">
            {format(m.calculatorHint, bounds)}
          </p>
          {/* Always in the page, so screen readers hear the error when it appears; one line reserved. */}
          <p id={ids.error} aria-live="polite" className="min-h-5 text-sm font-medium text-danger">
            {state.error ? errors[state.error] : ''}
          </p>
          <input
            type="range"
            aria-label={m.calculatorSlider}
            aria-valuetext={result.jobValue}
            min={FEE_CALCULATOR.minDollars}
            max={FEE_CALCULATOR.maxDollars}
            step={FEE_CALCULATOR.stepDollars}
            value={state.dollars}
            onChange={(event) => dispatch({ type: 'slide', dollars: Number(event.target.value) })}
            className="mt-2 h-6 w-full cursor-pointer accent-accent"
          />
          <div aria-hidden="true" className="flex justify-between text-xs text-muted">
            <span>{bounds.min}</span>
            <span>{bounds.max}</span>
          </div>
        </div>

        <section
          id={ids.results}
          aria-label={m.calculatorResults}
          aria-live="polite"
          aria-atomic="true"
          className="rounded-2xl border border-border bg-surface-2 p-4"
        >
          <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{m.resultJobValue}</dt>
            <dd className="text-right font-medium tabular-nums" data-result="value">
              {result.jobValue}
            </dd>
            <dt className="text-muted">{m.resultTier}</dt>
            <dd className="text-right text-2xl font-bold text-accent-text tabular-nums" data-result="tier">
              {result.percent}
            </dd>
            <dt className="text-muted">{m.resultFee}</dt>
            <dd className="text-right font-medium tabular-nums" data-result="fee">
              {result.fee}
            </dd>
            <dt className="border-t border-border pt-2 font-medium">{m.resultReceives}</dt>
            <dd
              className="border-t border-border pt-2 text-right text-lg font-bold tabular-nums"
              data-result="receives"
            >
              {result.receives}
            </dd>
          </dl>
        </section>
      </div>

      <FeeTierTable locale={locale} currentTierId={result.tierId} />
      <p className="text-sm text-muted">{m.feeChargedTo}</p>
    </div>
  );
}

export default island(FeeCalculator);
