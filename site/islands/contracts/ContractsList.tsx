import { FileSignature } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { formatCad } from '../../i18n/money.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { $contracts, loadedOf, type ContractSummary } from './api.ts';
import { Badge, EscrowBadge, FORMER_MEMBER, LoadError } from './shared.tsx';

function statusOf(contract: ContractSummary) {
  if (contract.status === 'executed') return { key: 'status:executed', tone: 'good' } as const;
  if (contract.status === 'cancelled') return { key: 'status:cancelled', tone: 'neutral' } as const;
  return contract.signedByMe
    ? ({ key: 'status:awaiting-other', tone: 'neutral' } as const)
    : ({ key: 'status:awaiting-mine', tone: 'waiting' } as const);
}

/** /contracts: every contract the signed-in user is a party to, what waits for them first. */
function ContractsList({ locale }: { locale: Locale }) {
  const m = contractsMessages[locale];
  const load = loadedOf(useStore($contracts));
  const reload = () => $contracts.revalidate();

  if (load.status === 'loading') return <PageSkeleton label={m.loading} />;
  if (load.status === 'error')
    return <LoadError message={m.loadFailed} retry={() => void reload()} label={m.tryAgain} />;

  const contracts = [...load.data.contracts].sort((a, b) => {
    const waitsA = a.status === 'awaiting-signatures' && !a.signedByMe ? 0 : 1;
    const waitsB = b.status === 'awaiting-signatures' && !b.signedByMe ? 0 : 1;
    return waitsA - waitsB;
  });

  return (
    <div className="mt-6 space-y-4">
      <p className="text-muted">{m.listIntro}</p>
      {contracts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-12 text-center">
          <FileSignature aria-hidden="true" className="size-8 text-muted" />
          <h2 className="text-lg font-semibold">{m.emptyTitle}</h2>
          <p className="max-w-md text-sm text-muted">{m.emptyText}</p>
        </div>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-surface" data-testid="contracts">
          {contracts.map((contract) => {
            const status = statusOf(contract);
            const href = localizePath(`/contracts/${contract.jobId}`, locale);
            const name = contract.counterparty.name === FORMER_MEMBER ? m.formerMember : contract.counterparty.name;
            return (
              <li
                key={contract.jobId}
                className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-5"
                data-job={contract.jobId}
              >
                <div className="min-w-0 flex-1">
                  <a href={href} className="font-semibold break-words hover:underline">
                    {contract.title}
                  </a>
                  <p className="text-sm text-muted">
                    {format(m.with, { name })} ·{' '}
                    {contract.priceCents === null ? m.priceNotSet : formatCad(contract.priceCents, locale)}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Badge tone={status.tone} status={contract.status}>
                      {m[status.key]}
                    </Badge>
                    {contract.escrowStatus && <EscrowBadge locale={locale} status={contract.escrowStatus} />}
                  </div>
                </div>
                <a
                  href={href}
                  className={buttonClasses(status.key === 'status:awaiting-mine' ? 'primary' : 'outline', 'sm')}
                >
                  {status.key === 'status:awaiting-mine' ? m.signNow : m.view}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export default island(ContractsList);
