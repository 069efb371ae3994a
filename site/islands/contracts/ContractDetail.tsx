import { Printer, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { formatCad } from '../../i18n/money.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import {
  fetchContract,
  reviseContract,
  sha256Hex,
  signContract,
  verifyContract,
  type Contract,
  type Verification,
} from './api.ts';
import { EscrowPanel } from './EscrowPanel.tsx';
import { Badge, FORMER_MEMBER, formatWhen, LoadError } from './shared.tsx';

type Load = { status: 'loading' } | { status: 'error'; notFound: boolean } | { status: 'ready'; contract: Contract };
type VerifyResult = { server: Verification; browserHash: string };

const shortHash = (hash: string) => `${hash.slice(0, 12)}…${hash.slice(-6)}`;

/**
 * /contracts/{jobId}: the contract as both parties read it (both languages, French first when a
 * party is in Quebec), its signatures, print and verify, the signing form while it waits for the
 * viewer, the terms editor before both signed, and the escrow once it is in force.
 */
function ContractDetail({ locale, jobId }: { locale: Locale; jobId: string }) {
  const m = contractsMessages[locale];
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [typedName, setTypedName] = useState('');
  const [consent, setConsent] = useState(false);
  const [signing, setSigning] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState<VerifyResult | null>(null);
  const [revising, setRevising] = useState(false);
  const [draft, setDraft] = useState({ title: '', scope: '', price: '' });
  const [draftError, setDraftError] = useState<string | null>(null);
  const [escrowKey, setEscrowKey] = useState(0);

  const reload = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoad({ status: 'loading' });
      try {
        const contract = await fetchContract(jobId);
        setLoad({ status: 'ready', contract });
        setVerified(null);
        setEscrowKey((k) => k + 1);
      } catch (error) {
        setLoad({
          status: 'error',
          notFound: error instanceof ApiError && (error.status === 404 || error.status === 400),
        });
      }
    },
    [jobId],
  );

  useEffect(() => void reload(), [reload]);

  if (load.status === 'loading') return <PageSkeleton label={m.loading} />;
  if (load.status === 'error') {
    return load.notFound ? (
      <LoadError message={m.notFound} label={m.tryAgain} />
    ) : (
      <LoadError message={m.loadFailed} retry={() => void reload()} label={m.tryAgain} />
    );
  }
  const { contract } = load;

  async function sign(event: FormEvent) {
    event.preventDefault();
    setSigning(true);
    try {
      const next = await signContract(jobId, {
        version: contract.version,
        textHash: contract.rendered.textHash,
        typedName,
        consent: true,
      });
      setLoad({ status: 'ready', contract: next });
      setEscrowKey((k) => k + 1);
      toast({ title: m.signed, description: next.status === 'executed' ? m.executed : undefined, variant: 'success' });
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      toast({ title: m.signFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
      if (stale) await reload(true);
    } finally {
      setSigning(false);
    }
  }

  async function verify() {
    setVerifying(true);
    try {
      const [server, browserHash] = await Promise.all([verifyContract(jobId), sha256Hex(contract.rendered.text)]);
      setVerified({ server, browserHash });
    } catch (error) {
      toast({ title: m.actionFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
    } finally {
      setVerifying(false);
    }
  }

  function openRevise() {
    setDraft({
      title: contract.terms.title,
      scope: contract.terms.scope,
      price: contract.priceCents === null ? '' : (contract.priceCents / 100).toFixed(2),
    });
    setDraftError(null);
    setRevising(true);
  }

  async function saveRevision(event: FormEvent) {
    event.preventDefault();
    const body: { version: number; title?: string; scope?: string; priceCents?: number } = {
      version: contract.version,
    };
    if (draft.title.trim() !== contract.terms.title) body.title = draft.title.trim();
    if (draft.scope.trim() !== contract.terms.scope) body.scope = draft.scope.trim();
    if (draft.price.trim() !== '') {
      const dollars = Number(draft.price.replace(/[\s,$]/g, '').replace(/(\d)[.,](\d{1,2})$/, '$1.$2'));
      const cents = Math.round(dollars * 100);
      if (!Number.isFinite(dollars) || cents < 100 || cents > 100_000_000) {
        setDraftError(m.priceInvalid);
        return;
      }
      if (cents !== contract.priceCents) body.priceCents = cents;
    }
    try {
      const next = await reviseContract(jobId, body);
      setLoad({ status: 'ready', contract: next });
      setRevising(false);
      setVerified(null);
      toast({ title: m.revised, variant: 'success' });
    } catch (error) {
      setDraftError(messageOf(error, m.reviseFailed));
      if (error instanceof ApiError && error.status === 409) await reload(true);
    }
  }

  const mine = contract.viewerRole === 'admin' ? null : contract.viewerRole;
  const statusKey =
    contract.status === 'executed'
      ? 'status:executed'
      : contract.status === 'cancelled'
        ? 'status:cancelled'
        : mine && contract.signatures[mine]
          ? 'status:awaiting-other'
          : 'status:awaiting-mine';
  // The text shown must hash to the text the server re-rendered from the log (what was signed).
  const browserMatches = verified ? verified.browserHash === verified.server.textHash : null;
  const nameOf = (role: 'customer' | 'contractor') => {
    const name = contract.parties[role].name;
    return name === FORMER_MEMBER ? m.formerMember : name;
  };

  return (
    <div className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center gap-3" data-print="hide">
        <a href={localizePath('/contracts', locale)} className="text-sm underline">
          ← {m.backToList}
        </a>
        <Badge
          tone={contract.status === 'executed' ? 'good' : contract.status === 'cancelled' ? 'neutral' : 'waiting'}
          status={contract.status}
        >
          {m[statusKey]}
        </Badge>
        <span className="text-sm text-muted">
          {format(m.version, { version: contract.version, template: contract.templateVersion })}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          <button type="button" className={buttonClasses('outline', 'sm')} onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" /> {m.print}
          </button>
          <button
            type="button"
            className={buttonClasses('outline', 'sm')}
            onClick={() => void verify()}
            disabled={verifying}
          >
            <ShieldCheck aria-hidden="true" className="size-4" /> {verifying ? m.verifying : m.verify}
          </button>
        </div>
      </div>

      {verified && (
        <div
          role="status"
          data-testid="verification"
          data-ok={String(verified.server.ok && browserMatches)}
          className={`space-y-1 rounded-xl border p-4 text-sm ${verified.server.ok && browserMatches ? 'border-success/40 bg-success/10' : 'border-danger/40 bg-danger/10'}`}
        >
          <p className="font-semibold">{verified.server.ok && browserMatches ? m.verifyOk : m.verifyFailed}</p>
          <p className="break-all">
            {browserMatches ? format(m.verifyBrowser, { hash: verified.browserHash }) : m.verifyBrowserMismatch}
          </p>
          {verified.server.signatures.map((s) => (
            <p key={s.role}>
              {format(s.matches ? m.verifySignature : m.verifySignatureMismatch, { role: m[`role_${s.role}`] })}
            </p>
          ))}
          <p>
            {verified.server.chain.ok
              ? format(m.verifyChain, { count: verified.server.chain.length })
              : format(m.verifyChainBroken, {
                  revision: verified.server.chain.revision,
                  reason: verified.server.chain.reason,
                })}
          </p>
        </div>
      )}

      <article
        className="space-y-8 rounded-xl border border-border bg-surface p-4 sm:p-6 print:border-0 print:p-0"
        data-testid="contract-text"
      >
        <section aria-labelledby="parties-title" data-testid="contract-parties">
          <h2 id="parties-title" className="text-lg font-semibold">
            {m.partiesTitle}
          </h2>
          <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            {(['customer', 'contractor'] as const).map((role) => (
              <div key={role} className="contents">
                <dt className="font-medium text-muted">{role === 'customer' ? m.partyCustomer : m.partyContractor}</dt>
                <dd className="min-w-0 break-words">
                  <span className="font-medium">{nameOf(role)}</span>{' '}
                  <span className="text-xs text-muted">
                    ({format(m.partyAccount, { id: contract.parties[role].id })})
                  </span>
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-muted">{m.partiesNote}</p>
        </section>
        {contract.rendered.documents.map((doc) => (
          <section
            key={doc.language}
            lang={doc.language === 'fr' ? 'fr-CA' : 'en-CA'}
            className="border-t border-border pt-8"
          >
            <h2 className="text-xl font-bold tracking-tight">{doc.title}</h2>
            {doc.sections.map((section) => (
              <div key={section.heading} className="mt-4">
                <h3 className="font-semibold">{section.heading}</h3>
                {section.paragraphs.map((paragraph, i) => (
                  <p key={i} className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line">
                    {paragraph}
                  </p>
                ))}
              </div>
            ))}
          </section>
        ))}
        <p className="border-t border-border pt-4 text-xs break-all text-muted">
          {m.hash}: <span title={contract.rendered.textHash}>{contract.rendered.textHash}</span>
        </p>
      </article>

      <section aria-labelledby="signatures-title" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
        <h2 id="signatures-title" className="text-lg font-semibold">
          {m.signatures}
        </h2>
        <dl className="mt-2 divide-y divide-border">
          {(['customer', 'contractor'] as const).map((role) => {
            const signature = contract.signatures[role];
            return (
              <div key={role} className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr]" data-signature={role}>
                <dt className="text-sm font-medium text-muted">{m[`role_${role}`]}</dt>
                <dd className="min-w-0 text-sm">
                  {signature ? (
                    <>
                      <p className="font-medium">
                        {format(m.signedBy, {
                          name: nameOf(role),
                          date: formatWhen(signature.signedAt, locale),
                        })}
                      </p>
                      <p className="text-xs text-muted" title={signature.textHash}>
                        {m.hash}: {shortHash(signature.textHash)}
                      </p>
                    </>
                  ) : (
                    <p className="text-muted">{m.notSigned}</p>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>

      {contract.actions.sign && (
        <form
          onSubmit={(event) => void sign(event)}
          className="space-y-4 rounded-xl border border-accent/40 bg-surface p-4 sm:p-5"
          data-print="hide"
          aria-labelledby="sign-title"
        >
          <h2 id="sign-title" className="text-lg font-semibold">
            {m.signTitle}
          </h2>
          <Field label={m.typeName} hint={format(m.typeNameHint, { name: contract.accountName })}>
            {(ids) => (
              <Input
                id={ids.id}
                aria-describedby={ids.describedBy}
                autoComplete="name"
                value={typedName}
                maxLength={120}
                onChange={(event) => setTypedName(event.target.value)}
              />
            )}
          </Field>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <span>{m.consent}</span>
          </label>
          <Button type="submit" disabled={signing || !consent || typedName.trim() === ''}>
            {signing ? m.signing : m.sign}
          </Button>
        </form>
      )}

      {contract.actions.revise && (
        <section className="rounded-xl border border-border bg-surface p-4 sm:p-5" data-print="hide">
          {!revising ? (
            <button type="button" className={buttonClasses('outline', 'sm')} onClick={openRevise}>
              {m.reviseTitle}
            </button>
          ) : (
            <form onSubmit={(event) => void saveRevision(event)} className="space-y-4" aria-labelledby="revise-title">
              <h2 id="revise-title" className="text-lg font-semibold">
                {m.reviseTitle}
              </h2>
              <p className="rounded-lg bg-surface-2 p-3 text-sm" role="note">
                {m.reviseWarning}
              </p>
              <Field label={m.reviseTitleLabel}>
                {(ids) => (
                  <Input
                    id={ids.id}
                    value={draft.title}
                    maxLength={120}
                    onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                  />
                )}
              </Field>
              <Field label={m.reviseScope}>
                {(ids) => (
                  <Textarea
                    id={ids.id}
                    value={draft.scope}
                    maxLength={5000}
                    onChange={(e) => setDraft({ ...draft, scope: e.target.value })}
                  />
                )}
              </Field>
              <Field
                label={m.revisePrice}
                hint={contract.priceCents !== null ? formatCad(contract.priceCents, locale) : undefined}
              >
                {(ids) => (
                  <Input
                    id={ids.id}
                    inputMode="decimal"
                    value={draft.price}
                    onChange={(e) => setDraft({ ...draft, price: e.target.value })}
                  />
                )}
              </Field>
              {draftError && (
                <p role="alert" className="text-sm text-danger">
                  {draftError}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="submit">{m.reviseSave}</Button>
                <button type="button" className={buttonClasses('outline')} onClick={() => setRevising(false)}>
                  {m.cancel}
                </button>
              </div>
            </form>
          )}
        </section>
      )}

      {contract.jobKind === 'subscription' && (
        <p className="rounded-lg border border-border bg-surface p-4 text-sm" data-print="hide">
          {m.recurringAgreementNote}{' '}
          <a
            className="font-medium text-accent-text underline underline-offset-2"
            href={localizePath('/subscriptions', locale)}
          >
            {m.recurringAgreementLink}
          </a>
        </p>
      )}
      {contract.status !== 'cancelled' && contract.jobKind !== 'subscription' && (
        <div data-print="hide">
          <EscrowPanel
            locale={locale}
            jobId={jobId}
            refreshKey={escrowKey}
            waitForEscrow={contract.status === 'executed'}
          />
        </div>
      )}
    </div>
  );
}

export default island(ContractDetail);
