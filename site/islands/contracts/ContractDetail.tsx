import { Printer, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import {
  $contract,
  $escrow,
  loadedOf,
  sha256Hex,
  signContract,
  verifyContract,
  type Contract,
  type Verification,
} from './api.ts';
import { stillVerified } from './verification.ts';
import { ContractRevise } from './ContractRevise.tsx';
import { EscrowPanel } from './EscrowPanel.tsx';
import { Badge, FORMER_MEMBER, formatWhen, LoadError } from './shared.tsx';
import { colon } from '../../i18n/punctuation.ts';
import { useQuery } from '../../lib/first-reads.ts';

type VerifyResult = { server: Verification; browserHash: string };

/**
 * How many times, a second apart, a contract that is not there yet is looked for again before the
 * page says it does not exist. A contract is drawn up by the money process a moment after a hire,
 * a subscription or an urgent alert's acceptance, and the page that links to it opens at once.
 */
const CONTRACT_LOOKS = 15;

const shortHash = (hash: string) => `${hash.slice(0, 12)}…${hash.slice(-6)}`;

/**
 * /contracts/{jobId}: the contract as both parties read it (both languages, French first when a
 * party is in Quebec), its signatures, print and verify, the signing form while it waits for the
 * viewer, the terms editor before both signed, and the escrow once it is in force.
 */
function ContractDetail({ locale, jobId }: { locale: Locale; jobId: string }) {
  const m = contractsMessages[locale];
  const $detail = $contract(jobId);
  const load = loadedOf(useQuery($detail));
  const [typedName, setTypedName] = useState('');
  const [consent, setConsent] = useState(false);
  const [signing, setSigning] = useState(false);
  const [verifying, setVerifying] = useState(false);
  // A verification is of the contract as it was read: a change to it (a revision, a signature) clears it.
  const [verifiedOf, setVerified] = useState<{ contract: Contract; result: VerifyResult } | null>(null);

  /** Reads the contract again (what is shown stays until the answer), and the escrow panel with it. */
  const reload = async () => {
    void $escrow(jobId).revalidate();
    await $detail.revalidate();
  };

  // A 404 may be a contract not drawn up yet: look again each second for a while (a 400 is an id
  // that can never be one). What is shown meanwhile says so, not that the contract does not exist.
  const absent = load.status === 'error' && load.error instanceof ApiError && load.error.status === 404;
  const [looks, setLooks] = useState(0);
  const lookingAgain = looks < CONTRACT_LOOKS && (absent || (looks > 0 && load.status === 'loading'));
  useEffect(() => {
    if (!absent || looks >= CONTRACT_LOOKS) return;
    const timer = setTimeout(() => {
      setLooks((n) => n + 1);
      void $detail.revalidate();
    }, 1_000);
    return () => clearTimeout(timer);
  }, [absent, looks, $detail]);

  if (lookingAgain) {
    return (
      <p role="status" className="mx-auto max-w-lg py-12 text-center text-lg font-medium">
        {m.preparing}
      </p>
    );
  }
  if (load.status === 'loading') return <PageSkeleton label={m.loading} />;
  if (load.status === 'error') {
    const notFound = load.error instanceof ApiError && (load.error.status === 404 || load.error.status === 400);
    return notFound ? (
      <LoadError message={m.notFound} label={m.tryAgain} />
    ) : (
      <LoadError message={m.loadFailed} retry={() => void reload()} label={m.tryAgain} />
    );
  }
  const contract = load.data;
  const verified = verifiedOf && stillVerified(verifiedOf.contract, contract) ? verifiedOf.result : null;

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
      toast({ title: m.signed, description: next.status === 'executed' ? m.executed : undefined, variant: 'success' });
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      toast({ title: m.signFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
      if (stale) await reload();
    } finally {
      setSigning(false);
    }
  }

  async function verify() {
    setVerifying(true);
    try {
      const [server, browserHash] = await Promise.all([verifyContract(jobId), sha256Hex(contract.rendered.text)]);
      setVerified({ contract, result: { server, browserHash } });
    } catch (error) {
      toast({ title: m.actionFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
    } finally {
      setVerifying(false);
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
          {m.hash}
          {colon(locale)}
          <span title={contract.rendered.textHash}>{contract.rendered.textHash}</span>
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
                        {m.hash}
                        {colon(locale)}
                        {shortHash(signature.textHash)}
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
        <ContractRevise
          locale={locale}
          jobId={jobId}
          contract={contract}
          onRevised={() => setVerified(null)}
          onStale={() => reload()}
        />
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
          <EscrowPanel locale={locale} jobId={jobId} waitForEscrow={contract.status === 'executed'} />
        </div>
      )}
    </div>
  );
}

export default island(ContractDetail);
