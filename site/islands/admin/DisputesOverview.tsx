import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { adminUsersMessages } from '../../i18n/messages/admin-users.ts';
import { disputeCaseMessages } from '../../i18n/messages/disputes.ts';
import { formatCad } from '../../i18n/money.ts';
import { $session } from '../../stores/session.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { useJson } from '../work/api.ts';
import { instantDate } from '../work/format.ts';

type Summary = {
  disputeId: string;
  title: string;
  status: 'awaiting-response' | 'analysing' | 'proposed' | 'in-review' | 'decided' | 'void';
  amountCents: number;
  openedAt: string;
  waitsForViewer: boolean;
};

/** The admin dashboard's disputes overview: open cases, those waiting for an arbitrator, the money held. */
function DisputesOverview({ locale }: { locale: Locale }) {
  const m = adminUsersMessages[locale];
  const d = disputeCaseMessages[locale];
  const id = useId();
  const session = useStore($session);
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const disputes = useJson<{ disputes: Summary[] }>(
    isAdmin ? '/api/admin/disputes?state=open&sort=age&limit=200' : null,
  );
  if (!isAdmin) return null;
  const list = disputes.data?.disputes;
  const figures = list
    ? [
        [m.disputesOpen, String(list.length)],
        [m.disputesWaiting, String(list.filter((c) => c.waitsForViewer).length)],
        [
          m.disputesHeld,
          formatCad(
            list.reduce((sum, c) => sum + c.amountCents, 0),
            locale,
          ),
        ],
      ]
    : [];
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 min-w-0" data-testid="disputes-overview">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {m.disputesTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.disputesIntro}</p>
      {list === undefined && disputes.loading && (
        <p role="status" className="mt-4 text-sm text-muted">
          {d.loading}
        </p>
      )}
      {list === undefined && !disputes.loading && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {m.disputesLoadFailed}{' '}
          <button type="button" className="underline" onClick={() => void disputes.reload()}>
            {m.tryAgain}
          </button>
        </p>
      )}
      {list && (
        <>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3">
            {figures.map(([label, value]) => (
              <div key={label} className="rounded-xl border border-border bg-surface p-4">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-4 text-sm font-medium">{m.disputesOldest}</h3>
          {list.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{m.disputesNone}</p>
          ) : (
            <ul className="mt-2 divide-y divide-border rounded-xl border border-border bg-surface">
              {list.slice(0, 5).map((c) => (
                <li key={c.disputeId} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
                  <span className="min-w-0 font-medium break-words">{c.title}</span>
                  <span className="text-muted">
                    {d[`status:${c.status}`]} · {formatCad(c.amountCents, locale)} · {instantDate(c.openedAt, locale)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <a className={buttonClasses('outline', 'md', 'mt-4')} href={localizePath('/arbitration-dashboard', locale)}>
            {m.disputesLink}
          </a>
        </>
      )}
    </section>
  );
}

export default island(DisputesOverview);
