import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { adminUsersMessages } from '../../i18n/messages/admin-users.ts';
import { messageOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { instantDate } from '../work/format.ts';
import { ConfirmDialog, Select } from '../work/parts.tsx';

import { $userSearch, $users, suspendOrRestore, type UserRow, type UserStatus as Status } from './user-stores.ts';

const statusTone: Record<Status, string> = {
  active: 'border-success/40 bg-success/10 text-success',
  suspended: 'border-danger/40 bg-danger/10 text-danger',
  closed: 'border-border bg-surface-2 text-muted',
};

/** The admin dashboard's users: search by name or e-mail, suspend with a reason, restore. */
function UsersAdmin({ locale }: { locale: Locale }) {
  const m = adminUsersMessages[locale];
  const id = useId();
  const session = useStore($session);
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const [draft, setDraft] = useState('');
  const [status, setStatus] = useState<'' | Status>('');
  const users = useStore($users);
  const [target, setTarget] = useState<UserRow | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  if (!isAdmin) return null;

  function search(event: FormEvent) {
    event.preventDefault();
    $userSearch.set({ q: draft.trim(), status });
  }

  async function act(user: UserRow, action: 'suspend' | 'restore') {
    if (action === 'suspend') {
      const length = [...reason.trim()].length;
      if (length < 3 || length > 500) {
        setReasonError(m.reasonInvalid);
        return;
      }
    }
    setBusy(user.id);
    try {
      await suspendOrRestore(user, action, reason.trim());
      toast({
        title: format(action === 'suspend' ? m.suspended : m.restored, { name: user.name }),
        variant: 'success',
      });
      setTarget(null);
      setReason('');
    } catch (error) {
      toast({ title: messageOf(error, m.actionFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const list = users.data?.users;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 min-w-0" data-testid="admin-users">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {m.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.intro}</p>
      <form
        role="search"
        aria-label={m.search}
        onSubmit={search}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="min-w-0 flex-1">
          <Field label={m.search}>
            {(f) => (
              <Input
                id={f.id}
                type="search"
                value={draft}
                maxLength={100}
                placeholder={m.searchPlaceholder}
                onChange={(event) => setDraft(event.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="sm:w-48">
          <Field label={m.status}>
            {(f) => (
              <Select
                id={f.id}
                describedBy={f.describedBy}
                invalid={false}
                value={status}
                onChange={(v) => setStatus(v as '' | Status)}
              >
                <option value="">{m.any}</option>
                <option value="active">{m['status:active']}</option>
                <option value="suspended">{m['status:suspended']}</option>
              </Select>
            )}
          </Field>
        </div>
        <Button type="submit">{m.find}</Button>
      </form>
      <div className="mt-4" aria-busy={users.loading}>
        {list === undefined && !users.error && (
          <p role="status" className="text-sm text-muted">
            {m.loading}
          </p>
        )}
        {list === undefined && users.error && (
          <p role="alert" className="text-sm text-danger">
            {m.loadFailed}{' '}
            <button type="button" className="underline" onClick={() => $users.revalidate()}>
              {m.tryAgain}
            </button>
          </p>
        )}
        {list && list.length === 0 && (
          <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
            {m.empty}
          </p>
        )}
        {list && list.length > 0 && (
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
            {list.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-user={user.email}>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{user.name}</p>
                  <p className="text-sm break-all text-muted">{user.email}</p>
                  <p className="text-xs text-muted">
                    {m[`role:${user.role}`]} · {format(m.registered, { date: instantDate(user.registeredAt, locale) })}
                  </p>
                  {user.suspensionReason && (
                    <p className="text-xs break-words text-danger">
                      {format(m.suspendedBecause, { reason: user.suspensionReason })}
                    </p>
                  )}
                </div>
                <span className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${statusTone[user.status]}`}>
                  {m[`status:${user.status}`]}
                </span>
                {user.status === 'active' && user.role !== 'admin' && (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={format(m.suspendLabel, { name: user.name })}
                    disabled={busy !== null}
                    onClick={() => {
                      setTarget(user);
                      setReason('');
                      setReasonError(undefined);
                    }}
                  >
                    {m.suspend}
                  </Button>
                )}
                {user.status === 'suspended' && (
                  <Button
                    size="sm"
                    aria-label={format(m.restoreLabel, { name: user.name })}
                    disabled={busy !== null}
                    onClick={() => void act(user, 'restore')}
                  >
                    {busy === user.id ? m.suspending : m.restore}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        locale={locale}
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title={format(m.suspendTitle, { name: target?.name ?? '' })}
        description={m.suspendBody}
        confirmLabel={m.suspend}
        cancelLabel={m.cancel}
        pendingLabel={m.suspending}
        pending={busy !== null}
        destructive
        onConfirm={() => target && void act(target, 'suspend')}
      >
        <p className="text-sm text-muted">{m.suspendBody}</p>
        <Field label={m.reason} error={reasonError}>
          {(f) => (
            <Textarea
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid || undefined}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </ConfirmDialog>
    </section>
  );
}

export default island(UsersAdmin);
