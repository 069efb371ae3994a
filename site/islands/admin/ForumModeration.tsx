import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { adminModerationMessages } from '../../i18n/messages/admin-moderation.ts';
import { messageOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { instantDate } from '../work/format.ts';
import { ConfirmDialog, Select } from '../work/parts.tsx';

import {
  $moderationFilter,
  $moderationQueue,
  moderate,
  type ModerationFilter as Filter,
  type ModerationItem as Item,
} from './forum-stores.ts';

/** The admin dashboard's forum moderation: the newest discussions and replies, hide with a reason, restore. */
function ForumModeration({ locale }: { locale: Locale }) {
  const m = adminModerationMessages[locale];
  const id = useId();
  const session = useStore($session);
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const filter = useStore($moderationFilter);
  const queue = useStore($moderationQueue);
  const [target, setTarget] = useState<Item | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  if (!isAdmin) return null;

  const keyOf = (item: Item) => item.replyId ?? item.postId;

  async function act(item: Item, action: 'hide' | 'restore') {
    if (action === 'hide') {
      const length = [...reason.trim()].length;
      if (length < 3 || length > 500) {
        setReasonError(m.reasonInvalid);
        return;
      }
    }
    setBusy(keyOf(item));
    try {
      await moderate(item, action, reason.trim());
      toast({ title: action === 'hide' ? m.hidden : m.restored, variant: 'success' });
      setTarget(null);
      setReason('');
    } catch (error) {
      toast({ title: messageOf(error, m.actionFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const items = queue.data?.items;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 min-w-0" data-testid="admin-forum">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {m.forumTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.forumIntro}</p>
      <div className="mt-4 sm:w-48">
        <Field label={m.show}>
          {(f) => (
            <Select
              id={f.id}
              describedBy={f.describedBy}
              invalid={false}
              value={filter}
              onChange={(v) => $moderationFilter.set(v as Filter)}
            >
              {(['all', 'visible', 'hidden'] as const).map((value) => (
                <option key={value} value={value}>
                  {m[`filter:${value}`]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="mt-4" aria-busy={queue.loading}>
        {items === undefined && !queue.error && (
          <p role="status" className="text-sm text-muted">
            {m.loading}
          </p>
        )}
        {items === undefined && queue.error && (
          <p role="alert" className="text-sm text-danger">
            {m.loadFailed}{' '}
            <button type="button" className="underline" onClick={() => $moderationQueue.revalidate()}>
              {m.tryAgain}
            </button>
          </p>
        )}
        {items && items.length === 0 && (
          <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
            {m.forumEmpty}
          </p>
        )}
        {items && items.length > 0 && (
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
            {items.map((item) => {
              const heading = item.kind === 'post' ? item.title : format(m.replyIn, { title: item.title });
              return (
                <li
                  key={keyOf(item)}
                  className="flex flex-wrap items-start gap-3 px-4 py-3"
                  data-moderation={keyOf(item)}
                >
                  <div className="min-w-0 flex-1">
                    <p className="text-xs font-medium tracking-wide text-muted uppercase">{m[`kind:${item.kind}`]}</p>
                    <p className="font-medium break-words">{heading}</p>
                    <p className="line-clamp-3 text-sm break-words">{item.content}</p>
                    <p className="text-xs text-muted">
                      {format(m.by, { name: item.authorName, date: instantDate(item.createdAt, locale) })}
                    </p>
                    {item.hidden && (
                      <p className="text-xs break-words text-danger">
                        {format(m.hiddenBecause, { name: item.hidden.byName ?? '—', reason: item.hidden.reason ?? '' })}
                      </p>
                    )}
                  </div>
                  {item.hidden ? (
                    <Button
                      size="sm"
                      aria-label={format(m.restoreLabel, { title: heading })}
                      disabled={busy !== null}
                      onClick={() => void act(item, 'restore')}
                    >
                      {m.restore}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={format(m.hideLabel, { title: heading })}
                      disabled={busy !== null}
                      onClick={() => {
                        setTarget(item);
                        setReason('');
                        setReasonError(undefined);
                      }}
                    >
                      {m.hide}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ConfirmDialog
        locale={locale}
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title={m.hideTitle}
        description={m.hideBody}
        confirmLabel={m.hide}
        cancelLabel={m.cancel}
        pendingLabel={m.hiding}
        pending={target !== null && busy === keyOf(target)}
        destructive
        onConfirm={() => target && void act(target, 'hide')}
      >
        <p className="text-sm text-muted">{m.hideBody}</p>
        <Field label={m.reason} error={reasonError}>
          {(f) => (
            <Textarea
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
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

export default island(ForumModeration);
