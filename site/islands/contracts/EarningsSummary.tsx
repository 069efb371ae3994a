import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { formatCad } from '../../i18n/money.ts';
import { island } from '../../ui/island.tsx';
import { useQuery } from '../../lib/first-reads.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $earnings, loadedOf } from './api.ts';
import { formatDay, LoadError } from './shared.tsx';

/** The contractor dashboard's earnings: gross, fee, tax and net so far, money held, and payouts to come. */
function EarningsSummary({ locale }: { locale: Locale }) {
  const m = contractsMessages[locale];
  const load = loadedOf(useQuery($earnings));
  const reload = () => $earnings.revalidate();

  return (
    <section
      aria-labelledby="earnings-title"
      className="rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="earnings"
    >
      <h2 id="earnings-title" className="text-lg font-semibold">
        {m.earningsTitle}
      </h2>
      {load.status === 'loading' && <Skeleton className="mt-3 h-24 w-full" />}
      {load.status === 'error' && <LoadError message={m.loadFailed} retry={() => void reload()} label={m.tryAgain} />}
      {load.status === 'ready' && (
        <>
          {load.data.jobs === 0 && load.data.heldCents === 0 && load.data.grossCents === 0 ? (
            <p className="mt-2 text-sm text-muted">{m.earningsEmpty}</p>
          ) : (
            <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {(
                [
                  [m.gross, load.data.grossCents, 'gross'],
                  [m.fee, -load.data.feeCents, 'fee'],
                  [m.tax, -load.data.taxCents, 'tax'],
                  [m.net, load.data.netCents, 'net'],
                  [m.held, load.data.heldCents, 'held'],
                  [m.paidOut, load.data.paidOutCents, 'paid-out'],
                ] as const
              ).map(([label, cents, id]) => (
                <div key={id} className="rounded-lg bg-surface-2 p-3" data-figure={id}>
                  <dt className="text-xs text-muted">{label}</dt>
                  <dd className="mt-1 font-semibold tabular-nums">{formatCad(cents, locale)}</dd>
                </div>
              ))}
            </dl>
          )}
          <h3 className="mt-4 font-semibold">{m.upcoming}</h3>
          {load.data.upcomingPayouts.length === 0 ? (
            <p className="text-sm text-muted">{m.noUpcoming}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {load.data.upcomingPayouts.map((payout) => (
                <li key={payout.payoutId} className="flex justify-between gap-2">
                  <span>{format(m.payoutDue, { date: formatDay(payout.dueOn, locale) })}</span>
                  <span className="tabular-nums">{formatCad(payout.amountCents, locale)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

export default island(EarningsSummary);
