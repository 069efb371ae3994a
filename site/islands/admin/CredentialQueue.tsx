import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { CREDENTIAL_LIMITS, type CredentialQueueItem, rejectCredentialBody } from '../../../shared/http/credentials.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { credentialsMessages } from '../../i18n/messages/credentials.ts';
import { messageOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { $credentialQueue, reviewCredential } from '../credentials/stores.ts';
import { dateText, instantDate } from '../work/format.ts';
import { colon } from '../../i18n/punctuation.ts';

type QueueItem = CredentialQueueItem;

function Review({ item, locale }: { item: QueueItem; locale: Locale }) {
  const m = credentialsMessages[locale];
  const id = useId();
  const [expiresOn, setExpiresOn] = useState(item.expiresOn);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  async function review(kind: 'approve' | 'reject') {
    setBusy(kind);
    try {
      await reviewCredential(item, kind === 'approve' ? { kind, expiresOn } : { kind, reason: reason.trim() });
      toast({ title: kind === 'approve' ? m.approved : m.rejected, variant: 'success' });
    } catch (error) {
      toast({ title: m.reviewFailed, description: messageOf(error, m.reviewFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  // The reject button waits for a reason the API takes (rejectCredentialBody: its length, trimmed).
  const reasonAccepted = rejectCredentialBody.safeParse({ reason }).success;
  return (
    <li className="space-y-3 px-4 py-4" data-credential={item.id} aria-labelledby={`${id}-who`}>
      <div className="flex flex-wrap items-baseline gap-2">
        <p id={`${id}-who`} className="font-semibold">
          {m[`kind:${item.kind}`]}
        </p>
        <p className="text-sm text-muted">
          {format(m.from, { name: item.contractor.name, date: instantDate(item.submittedAt, locale) })}
        </p>
        <a
          className="ml-auto text-sm text-accent-text underline underline-offset-2"
          href={item.documentUrl}
          target="_blank"
          rel="noopener"
        >
          {m.view}
        </a>
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <Field label={m.expiresOn} hint={`${m.statedExpiry}${colon(locale)}${dateText(item.expiresOn, locale)}`}>
          {(f) => (
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              type="date"
              value={expiresOn}
              onChange={(event) => setExpiresOn(event.target.value)}
            />
          )}
        </Field>
        <Field label={m.reason} hint={m.reasonHint}>
          {(f) => (
            <Textarea
              id={f.id}
              aria-describedby={f.describedBy}
              rows={2}
              maxLength={CREDENTIAL_LIMITS.reasonMax}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy !== null || !expiresOn} onClick={() => void review('approve')}>
          {busy === 'approve' ? m.approving : m.approve}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={busy !== null || !reasonAccepted}
          onClick={() => void review('reject')}
        >
          {busy === 'reject' ? m.rejecting : m.reject}
        </Button>
      </div>
    </li>
  );
}

/** The admin dashboard's verification queue: approve a credential (confirming its expiry) or reject it. */
function CredentialQueue({ locale }: { locale: Locale }) {
  const m = credentialsMessages[locale];
  const session = useStore($session);
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const queue = useStore($credentialQueue);
  if (!isAdmin) return null;
  return (
    <section aria-labelledby="credential-queue" className="mt-8 min-w-0">
      <h2 id="credential-queue" className="text-xl font-semibold">
        {m.queueTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.queueIntro}</p>
      <div className="mt-4">
        {queue.data === undefined && !queue.error && <PageSkeleton label={m.queueLoading} />}
        {queue.data === undefined && queue.error && (
          <p role="alert" className="text-sm text-danger">
            {m.loadFailed}{' '}
            <button type="button" className="underline" onClick={() => $credentialQueue.revalidate()}>
              {m.tryAgain}
            </button>
          </p>
        )}
        {queue.data && queue.data.credentials.length === 0 && (
          <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
            {m.queueEmpty}
          </p>
        )}
        {queue.data && queue.data.credentials.length > 0 && (
          <ul
            className="divide-y divide-border rounded-xl border border-border bg-surface"
            data-testid="credential-queue"
          >
            {queue.data.credentials.map((item) => (
              <Review key={item.id} item={item} locale={locale} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export default island(CredentialQueue);
