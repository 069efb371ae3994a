import { useStore } from '@nanostores/react';
import { ShieldCheck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { credentialKinds, type CredentialKind, type CredentialView } from '../../../shared/http/credentials.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { credentialsMessages } from '../../i18n/messages/credentials.ts';
import { messageOf } from '../../lib/api.ts';
import { localizeUploadRefusal } from '../../lib/upload-refusals.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, FileInput, Input } from '../../ui/Field.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { UpgradeLink } from '../plans/UpgradeLink.tsx';
import { dateText } from '../work/format.ts';
import { Select } from '../work/parts.tsx';
import { $myCredentials, sendCredential } from './stores.ts';

export type Credential = CredentialView;

const tone: Record<Credential['status'], string> = {
  approved: 'border-success/40 bg-success/10 text-success',
  pending: 'border-border bg-surface-2 text-muted',
  rejected: 'border-danger/40 bg-danger/10 text-danger',
  expired: 'border-border bg-surface-2 text-muted',
};

/** The verified badges part of /subscriptions: send a document, and follow each one's review. */
export function Credentials({ locale, paid }: { locale: Locale; paid: boolean }) {
  const m = credentialsMessages[locale];
  const id = useId();
  const list = useStore($myCredentials);
  const [kind, setKind] = useState<CredentialKind>('licensed');
  const [expiresOn, setExpiresOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!expiresOn) return setError(m.chooseDate);
    if (!file) return setError(m.chooseFile);
    setError(null);
    setPending(true);
    try {
      const form = new FormData();
      form.append('kind', kind);
      form.append('expiresOn', expiresOn);
      form.append('file', file, file.name);
      await sendCredential(form);
      toast({ title: m.sent, variant: 'success' });
      setExpiresOn('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (failure) {
      setError(localizeUploadRefusal(messageOf(failure, m.sendFailed), locale));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-success" />
        {m.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.intro}</p>
      {!paid ? (
        <p className="mt-4 text-sm">
          {m.needsPaid} <UpgradeLink locale={locale} />
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 sm:grid-cols-3">
          <Field label={m.kind}>
            {(f) => (
              <Select
                id={f.id}
                describedBy={f.describedBy}
                invalid={false}
                value={kind}
                onChange={(value) => setKind(value as CredentialKind)}
              >
                {credentialKinds.map((k) => (
                  <option key={k} value={k}>
                    {m[`kind:${k}`]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={m.expiresOn}>
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
          <Field label={m.file}>
            {(f) => (
              <FileInput
                ref={fileInput}
                id={f.id}
                aria-describedby={f.describedBy}
                accept="application/pdf,image/jpeg,image/png,image/webp"
              />
            )}
          </Field>
          {error && (
            <p role="alert" className="text-sm text-danger sm:col-span-3">
              {error}
            </p>
          )}
          <div className="sm:col-span-3">
            <Button type="submit" disabled={pending}>
              {pending ? m.sending : m.send}
            </Button>
          </div>
        </form>
      )}
      <div className="mt-6">
        {list.data === undefined && !list.error && <PageSkeleton label={m.title} />}
        {list.data === undefined && list.error && (
          <p role="alert" className="text-sm text-danger">
            {m.loadFailed}{' '}
            <button type="button" className="underline" onClick={() => $myCredentials.revalidate()}>
              {m.tryAgain}
            </button>
          </p>
        )}
        {list.data && list.data.credentials.length === 0 && <p className="text-sm text-muted">{m.none}</p>}
        {list.data && list.data.credentials.length > 0 && (
          <ul className="divide-y divide-border rounded-lg border border-border" data-testid="credentials">
            {list.data.credentials.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-2 px-3 py-3 text-sm" data-credential={c.id}>
                <span className="font-medium">{m[`kind:${c.kind}`]}</span>
                <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${tone[c.status]}`}>
                  {m[`status:${c.status}`]}
                </span>
                <span className="text-muted">{format(m.until, { date: dateText(c.expiresOn, locale) })}</span>
                <a
                  className="ml-auto text-accent-text underline underline-offset-2"
                  href={c.documentUrl}
                  target="_blank"
                  rel="noopener"
                >
                  {m.view}
                </a>
                {c.reason && <p className="w-full text-danger">{format(m.reasonLabel, { reason: c.reason })}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
