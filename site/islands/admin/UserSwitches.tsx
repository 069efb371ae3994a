import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { format } from '../../i18n/index.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { adminUserSwitchesMessages } from '../../i18n/messages/admin-user-switches.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { userSwitchStreamId } from '../../../shared/domain/user-switch/streams.ts';
import { FORMER_MEMBER } from '../contracts/shared.tsx';

import {
  $switchesOffset,
  $userSwitches,
  SWITCHES_PAGE_SIZE,
  type SwitchRecord,
  type SwitchesPage as Page,
} from './user-stores.ts';

export { SWITCHES_PAGE_SIZE };

type Person = SwitchRecord['actor'];
type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: Page };

const modeTone: Record<SwitchRecord['mode'], string> = {
  admin: 'border-border bg-surface-2 text-fg',
  demo: 'border-accent/40 bg-accent/10 text-accent-text',
};

/**
 * The admin dashboard's switch-user record (`GET /api/admin/user-switches`): who acted as whom and
 * when, newest first, a page at a time. Only an admin's session loads it; the server refuses
 * everyone else as well.
 */
function UserSwitches({ locale }: { locale: Locale }) {
  const m = adminUserSwitchesMessages[locale];
  const id = useId();
  const session = useStore($session);
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const offset = useStore($switchesOffset);
  const read = useStore($userSwitches);
  const load: Load = read.loading
    ? { status: 'loading' }
    : read.data
      ? { status: 'ready', page: read.data }
      : read.error
        ? { status: 'error' }
        : { status: 'loading' };
  const setOffset = (at: number) => $switchesOffset.set(at);

  if (!isAdmin) return null;
  const dates = dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeStyle: 'short' });
  const name = (person: Person) => (person.name === FORMER_MEMBER ? m.formerMember : person.name);

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 min-w-0 space-y-4" data-testid="user-switches">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {m.title}
        </h2>
        <p className="mt-1 text-sm text-muted">{m.intro}</p>
      </div>
      {load.status === 'loading' ? (
        <div role="status" aria-label={m.loading} className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : load.status === 'error' ? (
        <div role="alert" className="space-y-3 rounded-xl border border-border p-4">
          <p className="font-medium">{m.loadFailed}</p>
          <Button variant="outline" onClick={() => $userSwitches.revalidate()}>
            {m.tryAgain}
          </Button>
        </div>
      ) : load.page.switches.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
          {m.empty}
        </p>
      ) : (
        <>
          <ol
            aria-labelledby={`${id}-title`}
            className="divide-y divide-border rounded-xl border border-border bg-surface"
          >
            {load.page.switches.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-switch={record.id}>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">
                    {format(m.actedAs, { actor: name(record.actor), target: name(record.target) })}
                  </p>
                  <p className="text-xs break-all text-muted">
                    {format(m.stream, { stream: userSwitchStreamId(record.actor.id) })}
                  </p>
                </div>
                <span className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${modeTone[record.mode]}`}>
                  {m[`mode:${record.mode}`]}
                </span>
                <time dateTime={record.switchedAt} className="text-xs text-muted">
                  {dates.format(new Date(record.switchedAt))}
                </time>
              </li>
            ))}
          </ol>
          <nav aria-label={m.pages} className="flex items-center justify-between gap-3 text-sm">
            <span className="text-muted">
              {format(m.range, {
                from: offset + 1,
                to: offset + load.page.switches.length,
                total: load.page.total,
              })}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - SWITCHES_PAGE_SIZE))}
              >
                {m.previous}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + SWITCHES_PAGE_SIZE >= load.page.total}
                onClick={() => setOffset(offset + SWITCHES_PAGE_SIZE)}
              >
                {m.next}
              </Button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}

export default island(UserSwitches);
