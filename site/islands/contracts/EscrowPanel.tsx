import { Check } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { formatCad } from '../../i18n/money.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $escrow, escrowAction, readEscrowAgain, type Escrow, type EscrowAction } from './api.ts';
import { bpsToPercent, pcmToPercent } from './card.ts';
import { useCardFields } from './CardFields.tsx';
import { EscrowBadge, FORMER_MEMBER, formatWhen, payoutDate, percent } from './shared.tsx';
import { useQuery } from '../../lib/first-reads.ts';

type Load = { status: 'loading' } | { status: 'absent' } | { status: 'error' } | { status: 'ready'; escrow: Escrow };

function Amount({
  label,
  cents,
  locale,
  strong,
}: {
  label: ReactNode;
  cents: number;
  locale: Locale;
  strong?: boolean;
}) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? 'font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatCad(cents, locale)}</dd>
    </div>
  );
}

/** A new key per user attempt; the same attempt retried after a network error keeps its key. */
function useAttemptKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= crypto.randomUUID()),
    settle: () => {
      key.current = null;
    },
  };
}

/**
 * The escrow of a job: where the money is, what it will become, and the one next step for the
 * viewer (pay, mark complete, approve or ask for changes). The server decides which actions apply
 * and checks them again; amounts always come from the contract.
 */
export function EscrowPanel({
  locale,
  jobId,
  waitForEscrow = false,
}: {
  locale: Locale;
  jobId: string;
  /** The contract is in force: the escrow opens within moments, so look again until it does. */
  waitForEscrow?: boolean;
}) {
  const m = contractsMessages[locale];
  const $store = $escrow(jobId);
  const value = useQuery($store);
  // Read again (a poll, a retry, after a write): what was shown stays until the answer.
  const [shown, setShown] = useState<Load>({ status: 'loading' });
  const settled: Load | null =
    value.data !== undefined
      ? { status: 'ready', escrow: value.data }
      : value.error !== undefined && !value.loading
        ? value.error instanceof ApiError && value.error.status === 404
          ? { status: 'absent' }
          : { status: 'error' }
        : null;
  if (settled && settled.status !== 'ready' && settled.status !== shown.status) setShown(settled);
  const load = settled ?? shown;
  const [busy, setBusy] = useState<EscrowAction | null>(null);
  const [mode, setMode] = useState<'approve' | 'changes' | null>(null);
  const card = useCardFields(locale);
  const [note, setNote] = useState('');
  const attempt = useAttemptKey();

  const reload = () => $store.revalidate();

  const absent = load.status === 'absent';
  useEffect(() => {
    if (!absent || !waitForEscrow) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > 20) clearInterval(timer);
      void $store.revalidate();
    }, 1_000);
    return () => clearInterval(timer);
  }, [absent, waitForEscrow, $store]);

  if (load.status === 'loading') return <Skeleton className="h-40 w-full" />;
  if (load.status === 'absent') {
    return (
      <section aria-labelledby="escrow-title" className="rounded-xl border border-dashed border-border p-4 sm:p-5">
        <h2 id="escrow-title" className="text-lg font-semibold">
          {m.escrowTitle}
        </h2>
        <p className="mt-1 text-sm text-muted">{m.escrowNotYet}</p>
      </section>
    );
  }
  if (load.status === 'error') {
    return (
      <p role="alert" className="text-sm text-danger">
        {m.loadFailed}{' '}
        <button type="button" className="underline" onClick={() => void reload()}>
          {m.tryAgain}
        </button>
      </p>
    );
  }

  const { escrow } = load;
  const other = escrow.counterparty.name === FORMER_MEMBER ? m.formerMember : escrow.counterparty.name;

  async function run(action: EscrowAction, body: object, done: string, failTitle = m.actionFailed) {
    setBusy(action);
    try {
      await escrowAction(jobId, action, body, attempt.current());
      attempt.settle();
      setMode(null);
      setNote('');
      toast({ title: done, variant: 'success' });
      return true;
    } catch (error) {
      // A refusal is final for this attempt; only a network failure keeps the key for a retry.
      if (error instanceof ApiError) attempt.settle();
      toast({ title: failTitle, description: messageOf(error, m.loadFailed), variant: 'destructive' });
      await reload();
      return false;
    } finally {
      setBusy(null);
    }
  }

  /**
   * Pays into escrow. A refusal is shown inline (not as a passing toast) and keeps the typed card,
   * so the customer can correct it or use another one; a success clears the card.
   */
  async function pay(event: FormEvent) {
    event.preventDefault();
    const input = card.read();
    if (!input) return;
    setBusy('fund');
    try {
      await escrowAction(jobId, 'fund', { card: input }, attempt.current());
      attempt.settle();
      card.clear();
      toast({ title: m.paid, variant: 'success' });
    } catch (error) {
      // A refusal is final for this attempt; only a network failure keeps the key for a retry.
      if (error instanceof ApiError) attempt.settle();
      const fresh = await readEscrowAgain(jobId).catch(() => null);
      card.fail(error, { failureCode: fresh?.lastFailureCode ?? null, fallback: m.loadFailed });
    } finally {
      setBusy(null);
    }
  }

  const steps = [
    { label: m.stepSigned, done: true },
    { label: m.stepFunded, done: escrow.fundedAt !== null },
    { label: m.stepComplete, done: escrow.completedAt !== null || escrow.status === 'released' },
    { label: m.stepReleased, done: ['released', 'distributed'].includes(escrow.status) },
  ];
  const closed = ['released', 'refunded', 'distributed'].includes(escrow.status);
  const fee = closed
    ? { rateBps: escrow.feeRateBps ?? 0, feeCents: escrow.feeCents, taxLines: escrow.taxLines }
    : escrow.quotedFee;
  const feeTotal = fee.feeCents + fee.taxLines.reduce((sum, line) => sum + line.cents, 0);
  const showFee = escrow.viewerRole !== 'customer' && escrow.status !== 'refunded' && escrow.status !== 'cancelled';

  return (
    <section
      aria-labelledby="escrow-title"
      className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="escrow"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="escrow-title" className="text-lg font-semibold">
          {m.escrowTitle}
        </h2>
        <EscrowBadge locale={locale} status={escrow.status} />
      </header>

      {escrow.status !== 'refunded' && escrow.status !== 'cancelled' && (
        <ol className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {steps.map((step) => (
            <li
              key={step.label}
              className={`flex items-center gap-2 rounded-lg border px-2 py-1.5 ${step.done ? 'border-success/40 text-fg' : 'border-border text-muted'}`}
            >
              <Check aria-hidden="true" className={`size-4 shrink-0 ${step.done ? 'text-success' : 'opacity-30'}`} />
              <span>{step.label}</span>
              <span className="sr-only">{step.done ? '✓' : ''}</span>
            </li>
          ))}
        </ol>
      )}

      <dl className="divide-y divide-border text-sm">
        <Amount label={m.amountHeld} cents={escrow.amountCents} locale={locale} strong />
        {showFee && (
          <>
            <Amount
              label={format(m.quotedFee, { rate: percent(bpsToPercent(fee.rateBps), locale) })}
              cents={-fee.feeCents}
              locale={locale}
            />
            {fee.taxLines.map((line) => (
              <Amount
                key={line.code}
                label={format(m.taxLine, { code: line.code, rate: percent(pcmToPercent(line.ratePcm), locale) })}
                cents={-line.cents}
                locale={locale}
              />
            ))}
            <Amount
              label={closed ? m.netPaid : m.expectedNet}
              cents={closed ? escrow.contractorNetCents : escrow.amountCents - feeTotal}
              locale={locale}
              strong
            />
          </>
        )}
        {escrow.customerRefundCents > 0 && (
          <Amount label={m.refunded} cents={escrow.customerRefundCents} locale={locale} />
        )}
        {escrow.lateFeeCents > 0 && <Amount label={m.lateFee} cents={escrow.lateFeeCents} locale={locale} />}
      </dl>

      {escrow.card && (
        <p className="text-sm text-muted">
          {format(m.paidWith, { brand: escrow.card.brand.toUpperCase(), last4: escrow.card.last4 })}
        </p>
      )}
      {escrow.changesNote && escrow.status === 'funded' && (
        <p className="rounded-lg bg-surface-2 p-3 text-sm">{format(m.changesAsked, { note: escrow.changesNote })}</p>
      )}
      {escrow.status === 'completed' && escrow.autoReleaseAt && (
        <p className="text-sm text-muted" role="status">
          {format(escrow.viewerRole === 'customer' ? m.autoRelease : m.autoReleaseContractor, {
            date: formatWhen(escrow.autoReleaseAt, locale, false),
          })}
        </p>
      )}

      {escrow.actions.fund && (
        <form
          onSubmit={(event) => void pay(event)}
          className="space-y-3 rounded-lg border border-border p-3 sm:p-4"
          noValidate
        >
          <h3 className="font-semibold">{m.payTitle}</h3>
          <p className="text-sm text-muted">{m.payIntro}</p>
          {card.fields}
          <div className="flex flex-wrap items-start gap-3">
            <Button type="submit" disabled={busy !== null} aria-describedby={card.failureId}>
              {busy === 'fund' ? m.paying : format(m.pay, { amount: formatCad(escrow.amountCents, locale) })}
            </Button>
            {card.failure}
          </div>
        </form>
      )}

      {escrow.actions.complete && (
        <div className="space-y-3 rounded-lg border border-border p-3 sm:p-4">
          <Field label={m.completeNote}>
            {(ids) => (
              <Textarea id={ids.id} value={note} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
            )}
          </Field>
          <Button
            type="button"
            disabled={busy !== null}
            onClick={() => void run('complete', note.trim() ? { note: note.trim() } : {}, m.completed)}
          >
            {m.complete}
          </Button>
        </div>
      )}

      {(escrow.actions.approve || escrow.actions.requestChanges) && (
        <div className="space-y-3">
          {escrow.completionNote && <p className="rounded-lg bg-surface-2 p-3 text-sm">{escrow.completionNote}</p>}
          {mode === null && (
            <div className="flex flex-wrap gap-2">
              {escrow.actions.approve && (
                <Button type="button" onClick={() => setMode('approve')}>
                  {m.approve}
                </Button>
              )}
              {escrow.actions.requestChanges && (
                <button type="button" className={buttonClasses('outline')} onClick={() => setMode('changes')}>
                  {m.requestChanges}
                </button>
              )}
            </div>
          )}
          {mode === 'approve' && (
            <div role="group" aria-label={m.approve} className="space-y-3 rounded-lg border border-accent/40 p-3">
              <p>{format(m.approveConfirm, { amount: formatCad(escrow.amountCents, locale), name: other })}</p>
              <div className="flex flex-wrap gap-2">
                <Button type="button" disabled={busy !== null} onClick={() => void run('approve', {}, m.approved)}>
                  {m.confirm}
                </Button>
                <button type="button" className={buttonClasses('outline')} onClick={() => setMode(null)}>
                  {m.cancel}
                </button>
              </div>
            </div>
          )}
          {mode === 'changes' && (
            <form
              className="space-y-3 rounded-lg border border-border p-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (note.trim()) void run('request-changes', { note: note.trim() }, m.changesSent);
              }}
            >
              <Field label={m.changesNote}>
                {(ids) => (
                  <Textarea
                    id={ids.id}
                    required
                    value={note}
                    maxLength={2000}
                    onChange={(event) => setNote(event.target.value)}
                  />
                )}
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={busy !== null || !note.trim()}>
                  {m.send}
                </Button>
                <button type="button" className={buttonClasses('outline')} onClick={() => setMode(null)}>
                  {m.cancel}
                </button>
              </div>
            </form>
          )}
        </div>
      )}

      {escrow.actions.dispute && (
        <p className="text-sm">
          <a className="underline" href={localizePath(`/arbitration-status?open=${escrow.jobId}`, locale)}>
            {m.dispute}
          </a>
        </p>
      )}
      {escrow.status === 'frozen' && escrow.viewerRole !== 'admin' && (
        <p className="text-sm">
          <a className="underline" href={localizePath(`/arbitration-status?case=${escrow.jobId}`, locale)}>
            {m.followDispute}
          </a>
        </p>
      )}

      {escrow.payouts.length > 0 && (
        <div>
          <h3 className="font-semibold">{m.payouts}</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {escrow.payouts.map((payout) => (
              <li key={payout.payoutId} className="flex flex-wrap justify-between gap-2" data-payout={payout.status}>
                <span>
                  {m[`payout:${payout.kind}`]} ·{' '}
                  {payoutDate(payout.status === 'sent' ? payout : { ...payout, sentAt: null }, m, locale)}
                </span>
                <span className="tabular-nums">{formatCad(payout.amountCents, locale)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {(escrow.fundedAt || closed) && escrow.viewerRole !== 'admin' && (escrow.viewerRole === 'customer' || closed) && (
        <a className={buttonClasses('outline', 'sm')} href={localizePath(`/receipts/${escrow.jobId}`, locale)}>
          {escrow.viewerRole === 'customer' ? m.viewReceipt : m.viewInvoice}
        </a>
      )}
    </section>
  );
}
