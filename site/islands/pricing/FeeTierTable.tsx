import type { FeeTier } from '../../../shared/domain/fees/tiers.ts';
import type { Locale } from '../../i18n/locales.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { feeTierRows } from './content.ts';

type Props = {
  locale: Locale;
  /** The calculator's tier, highlighted and marked in words (not by colour alone). */
  currentTierId?: FeeTier['id'];
};

/** The platform fee tiers (docs/product.md#fees) as a two-column table. */
export function FeeTierTable({ locale, currentTierId }: Props) {
  const m = pricingMessages[locale];
  return (
    <div>
      <table className="w-full border-collapse text-sm" aria-describedby="fee-readings-note">
        <caption className="mb-2 text-left font-semibold">{m.feeTableCaption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted">
            <th scope="col" className="py-2 pr-3 font-medium">
              {m.feeColumnValue}
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              {m.feeColumnRate}
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              {m.feeColumnArbitrated}
            </th>
          </tr>
        </thead>
        <tbody>
          {feeTierRows(locale).map((row) => {
            const current = row.id === currentTierId;
            return (
              <tr
                key={row.id}
                data-tier={row.id}
                aria-current={current ? 'true' : undefined}
                className={`border-b border-border last:border-b-0 ${current ? 'bg-accent/15 font-semibold' : ''}`}
              >
                <th scope="row" className={`py-2 pr-3 pl-2 text-left ${current ? 'font-semibold' : 'font-normal'}`}>
                  {row.range}
                  {current ? (
                    <span className="ml-2 inline-block rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
                      {m.currentTier}
                    </span>
                  ) : null}
                </th>
                <td className="py-2 pl-3 text-right tabular-nums">{row.rate}</td>
                <td className="py-2 pr-2 pl-3 text-right text-muted tabular-nums">{row.arbitrationRate}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p id="fee-readings-note" className="mt-2 text-xs text-muted">
        {m.feeArbitratedNote}
      </p>
    </div>
  );
}
