import { Printer } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { formatCad } from '../../i18n/money.ts';
import { ApiError } from '../../lib/api.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { $receipt, loadedOf, type ReceiptLine } from './api.ts';
import { bpsToPercent, pcmToPercent } from './card.ts';
import { FORMER_MEMBER, formatWhen, LoadError, percent } from './shared.tsx';

/**
 * /receipts/{jobId}: the customer's payment receipt or the contractor's fee invoice, with the
 * platform's GST/HST registration number and one line per tax. Printable as it is (no PDF).
 */
function Receipt({ locale, jobId }: { locale: Locale; jobId: string }) {
  const m = contractsMessages[locale];
  const $store = $receipt(jobId);
  const load = loadedOf(useStore($store));
  const reload = () => $store.revalidate();

  if (load.status === 'loading') return <PageSkeleton label={m.loading} />;
  if (load.status === 'error') {
    const notYet = load.error instanceof ApiError && (load.error.status === 404 || load.error.status === 400);
    return notYet ? (
      <LoadError message={m.receiptNotYet} label={m.tryAgain} />
    ) : (
      <LoadError message={m.loadFailed} retry={() => void reload()} label={m.tryAgain} />
    );
  }
  const receipt = load.data;
  const invoice = receipt.kind === 'fee-invoice';
  const name = (value: string) => (value === FORMER_MEMBER ? m.formerMember : value);

  const labelOf = (line: ReceiptLine) => {
    if (line.label === 'fee') return format(m['line:fee'], { rate: percent(bpsToPercent(line.rateBps ?? 0), locale) });
    if (line.label === 'tax') {
      return format(m['line:tax'], { code: line.code ?? '', rate: percent(pcmToPercent(line.ratePcm ?? 0), locale) });
    }
    return m[`line:${line.label}`];
  };

  return (
    <div className="mt-6 space-y-4">
      <div className="flex flex-wrap gap-2" data-print="hide">
        <a href={localizePath(`/contracts/${jobId}`, locale)} className="text-sm underline">
          ← {m.backToList}
        </a>
        <button type="button" className={`${buttonClasses('outline', 'sm')} ml-auto`} onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" /> {m.print}
        </button>
      </div>
      <article
        className="mx-auto max-w-2xl space-y-6 rounded-xl border border-border bg-surface p-5 sm:p-8 print:border-0"
        data-testid="receipt"
      >
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 className="text-2xl font-bold tracking-tight">{invoice ? m.invoiceTitle : m.receiptTitle}</h2>
            <p className="text-sm text-muted">{format(m.receiptNumber, { number: receipt.number })}</p>
            <p className="text-sm text-muted">
              {format(m.issued, { date: formatWhen(receipt.issuedAt, locale, false) })}
            </p>
          </div>
          <div className="text-right text-sm">
            <p className="font-semibold">{receipt.platform.name}</p>
            <p>{format(m.taxNumber, { number: receipt.platform.taxRegistrationNumber })}</p>
          </div>
        </header>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-muted">{m.billedTo}</dt>
            <dd>{name(invoice ? receipt.contractor.name : receipt.customer.name)}</dd>
          </div>
          <div>
            <dt className="font-medium text-muted">{m.job}</dt>
            <dd className="break-words">{receipt.job.title}</dd>
          </div>
        </dl>
        <table className="w-full border-collapse text-sm">
          <tbody>
            {receipt.lines.map((line, index) => (
              <tr
                key={`${line.label}-${line.code ?? index}`}
                className={`border-b border-border ${line.label === 'net' ? 'font-semibold' : ''}`}
                data-line={line.label}
              >
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  {labelOf(line)}
                </th>
                <td className="py-2 text-right tabular-nums">{formatCad(line.amountCents, locale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className="pt-3 pr-3 text-left">
                {invoice ? m.totalFees : m.totalPaid}
              </th>
              <td className="pt-3 text-right tabular-nums" data-testid="receipt-total">
                {formatCad(receipt.totalCents, locale)}
              </td>
            </tr>
          </tfoot>
        </table>
        {receipt.card && (
          <p className="text-sm text-muted">
            {format(m.paidWith, { brand: receipt.card.brand.toUpperCase(), last4: receipt.card.last4 })}
          </p>
        )}
      </article>
    </div>
  );
}

export default island(Receipt);
