import { useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { auditTrailMessages } from '../../i18n/messages/audit-trail.ts';
import { getJson, messageOf } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { FORMER_MEMBER, formatWhen } from '../contracts/shared.tsx';

type Entry = { revision: string; type: string; actorId: string | null; occurredAt: string | null; hash: string | null };
/** `people`: each party's and actor's name today, by account id ("Former member" once deleted). */
type History = {
  events: Entry[];
  asOf: string | null;
  eventsUpTo: number;
  state: unknown;
  people: Record<string, string>;
};
type Verification =
  | { ok: true; length: number; headHash: string | null }
  | { ok: false; firstAlteredRevision: string; type: string; reason: string };

const STREAM = /^(escrow|contract|dispute|payout|plan|listing-boost|user-switch)-[A-Za-z0-9-]{1,80}$/;

/** The admin dashboard's auditor view: a stream's history, its state as of an instant, and its chain check. */
function AuditTrail({ locale }: { locale: Locale }) {
  const m = auditTrailMessages[locale];
  const [stream, setStream] = useState('');
  const [asOf, setAsOf] = useState('');
  const [history, setHistory] = useState<History | null>(null);
  const [check, setCheck] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = stream.trim();
  const valid = STREAM.test(id);

  async function run(what: 'history' | 'verify') {
    setBusy(true);
    setError(null);
    try {
      if (what === 'history') {
        const query = asOf ? `?asOf=${encodeURIComponent(new Date(asOf).toISOString())}` : '';
        setHistory(await getJson<History>(`/api/audit/streams/${id}${query}`));
      } else {
        setCheck(await getJson<Verification>(`/api/audit/streams/${id}/verify`));
      }
    } catch (caught) {
      setError(messageOf(caught, m.failed));
    } finally {
      setBusy(false);
    }
  }

  const personName = (id: string) => {
    const name = history?.people[id];
    return name === undefined ? null : name === FORMER_MEMBER ? m.formerMember : name;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) void run('history');
  };

  return (
    <section
      aria-labelledby="auditor-view"
      className="mt-8 space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
      data-testid="auditor-view"
    >
      <h2 id="auditor-view" className="text-lg font-semibold">
        {m.title}
      </h2>
      <p className="max-w-prose text-sm text-muted">{m.intro}</p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Field label={m.stream} hint={m.streamHint}>
          {(ids) => (
            <Input
              id={ids.id}
              aria-describedby={ids.describedBy}
              value={stream}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => {
                setStream(event.currentTarget.value);
                setHistory(null);
                setCheck(null);
              }}
            />
          )}
        </Field>
        <Field label={m.asOf}>
          {(ids) => (
            <Input
              id={ids.id}
              type="datetime-local"
              step={1}
              value={asOf}
              onChange={(event) => setAsOf(event.currentTarget.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={!valid || busy}>
            {m.history}
          </Button>
          <Button type="button" variant="outline" disabled={!valid || busy} onClick={() => void run('verify')}>
            {m.verify}
          </Button>
        </div>
      </form>
      {busy && <p className="text-sm text-muted">{m.loading}</p>}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {check && (
        <p
          role="status"
          data-ok={String(check.ok)}
          className={`rounded-lg border p-3 text-sm font-medium ${check.ok ? 'border-success/40 bg-success/10 text-success' : 'border-danger/40 bg-danger/10 text-danger'}`}
        >
          {check.ok
            ? format(m.intact, { count: check.length })
            : format(m.broken, { revision: check.firstAlteredRevision, type: check.type, reason: check.reason })}
        </p>
      )}
      {history && (
        <div className="space-y-4">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th className="py-1 pr-3">{m.revision}</th>
                  <th className="py-1 pr-3">{m.time}</th>
                  <th className="py-1 pr-3">{m.type}</th>
                  <th className="py-1 pr-3">{m.actor}</th>
                  <th className="py-1">{m.hash}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {history.events.map((e) => (
                  <tr key={e.revision}>
                    <td className="py-1 pr-3 tabular-nums">{e.revision}</td>
                    <td className="py-1 pr-3">{e.occurredAt ? formatWhen(e.occurredAt, locale) : ''}</td>
                    <td className="py-1 pr-3 font-medium">{e.type}</td>
                    <td className="py-1 pr-3 text-xs">
                      {e.actorId ? (
                        <>
                          {personName(e.actorId) && <span className="block">{personName(e.actorId)}</span>}
                          <span className="font-mono">{e.actorId}</span>
                        </>
                      ) : (
                        m.system
                      )}
                    </td>
                    <td className="py-1 font-mono text-xs">{e.hash?.slice(0, 12)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <p className="text-sm font-medium">
              {history.asOf
                ? format(m.state, {
                    when: formatWhen(history.asOf, locale),
                    count: history.eventsUpTo,
                    total: history.events.length,
                  })
                : format(m.stateNow, { total: history.events.length })}
            </p>
            <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-surface-2 p-3 text-xs">
              {JSON.stringify(history.state, null, 2)}
            </pre>
          </div>
        </div>
      )}
    </section>
  );
}

export default island(AuditTrail);
