import type { Locale } from '../../i18n/locales.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { format } from '../../i18n/index.ts';
import { feeExample } from './content.ts';

/** The worked example of docs/product.md#fees ($3,000 job), computed from the tiers, never typed. */
export function FeeExample({ locale }: { locale: Locale }) {
  const m = pricingMessages[locale];
  const example = feeExample(locale);
  return (
    <div data-fee-example="" className="rounded-2xl border border-border bg-surface-2 p-4">
      <p className="font-semibold">{example.title}</p>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{format(m.feeExampleFee, { percent: example.percent })}</dt>
        <dd className="text-right font-medium tabular-nums">{example.fee}</dd>
        <dt className="text-muted">{m.feeExampleReceives}</dt>
        <dd className="text-right font-semibold tabular-nums">{example.receives}</dd>
      </dl>
    </div>
  );
}
