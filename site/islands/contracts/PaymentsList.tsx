import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { formatCad } from '../../i18n/money.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $contracts, $escrows, loadedOf, type ContractSummary, type Escrow } from './api.ts';
import { Badge, EscrowBadge, FORMER_MEMBER, LoadError } from './shared.tsx';
import { useQuery } from '../../lib/first-reads.ts';

type Load =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; toSign: ContractSummary[]; escrows: Escrow[] };

/**
 * The customer dashboard's payments: contracts waiting for the customer's signature, then every
 * escrow with its status, amount and the next step (pay, approve or ask for changes, dispute).
 */
export function PaymentsList({ locale }: { locale: Locale }) {
  const m = contractsMessages[locale];
  const contractsLoad = loadedOf(useQuery($contracts));
  const escrowsLoad = loadedOf(useQuery($escrows));
  const load: Load =
    contractsLoad.status === 'error' || escrowsLoad.status === 'error'
      ? { status: 'error' }
      : contractsLoad.status === 'ready' && escrowsLoad.status === 'ready'
        ? {
            status: 'ready',
            toSign: contractsLoad.data.contracts.filter(
              (c) => c.viewerRole === 'customer' && c.status === 'awaiting-signatures' && !c.signedByMe,
            ),
            escrows: escrowsLoad.data.escrows.filter((e) => e.viewerRole === 'customer'),
          }
        : { status: 'loading' };
  const reload = () => Promise.all([$contracts.revalidate(), $escrows.revalidate()]);

  if (load.status === 'loading') return <Skeleton className="h-24 w-full" />;
  if (load.status === 'error')
    return <LoadError message={m.loadFailed} retry={() => void reload()} label={m.tryAgain} />;
  if (load.toSign.length === 0 && load.escrows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
        {m.paymentsEmpty}
      </p>
    );
  }
  const name = (value: string) => (value === FORMER_MEMBER ? m.formerMember : value);

  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-surface" data-testid="payments">
      {load.toSign.map((contract) => (
        <li key={`c-${contract.jobId}`} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{contract.title}</p>
            <p className="text-sm text-muted">{format(m.with, { name: name(contract.counterparty.name) })}</p>
            <Badge tone="waiting">{m['status:awaiting-mine']}</Badge>
          </div>
          <a className={buttonClasses('primary', 'sm')} href={localizePath(`/contracts/${contract.jobId}`, locale)}>
            {m.signNow}
          </a>
        </li>
      ))}
      {load.escrows.map((escrow) => {
        const next = escrow.actions.fund
          ? m.pay.replace('{amount}', formatCad(escrow.amountCents, locale))
          : escrow.actions.approve
            ? m.approve
            : m.openContract;
        return (
          <li key={escrow.jobId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-escrow={escrow.status}>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{escrow.title}</p>
              <p className="text-sm text-muted">
                {format(m.with, { name: name(escrow.counterparty.name) })} · {formatCad(escrow.amountCents, locale)}
              </p>
              <EscrowBadge locale={locale} status={escrow.status} />
            </div>
            <div className="flex flex-wrap gap-2">
              <a
                className={buttonClasses(escrow.actions.fund || escrow.actions.approve ? 'primary' : 'outline', 'sm')}
                href={localizePath(`/contracts/${escrow.jobId}`, locale)}
              >
                {next}
              </a>
              {escrow.actions.dispute && (
                <a className={buttonClasses('outline', 'sm')} href={localizePath('/arbitration-status', locale)}>
                  {m.dispute}
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
