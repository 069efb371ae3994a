import { useState, type FormEvent } from 'react';
import { FORUM_LIMITS, forumCategories, type ForumCategory } from '../../../shared/domain/forum/categories.ts';
import type { Locale } from '../../i18n/index.ts';
import type { ForumMessages } from '../../i18n/messages/forum.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { createPost } from './data.ts';
import { categoryLabel, selectClasses } from './parts.tsx';

/** A new discussion: title, content and category (the server checks the limits and answers why). */
export function NewPostForm({ m, locale, onPosted }: { m: ForumMessages; locale: Locale; onPosted: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<ForumCategory | ''>('');
  const [pending, setPending] = useState(false);
  const ready = title.trim() !== '' && content.trim() !== '' && category !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    try {
      await createPost({ title, content, category: category as ForumCategory });
      toast({ title: m.postCreatedTitle, description: m.postCreatedText, variant: 'success' });
      setTitle('');
      setContent('');
      setCategory('');
      onPosted();
    } catch (error) {
      toast({
        title: m.postFailedTitle,
        description: localizedMessageOf(error, m.failedFallback, locale),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={m.newDiscussionTitle}
      className="space-y-3 rounded-xl border border-border bg-surface-2 p-4"
    >
      <h3 className="font-semibold">{m.newDiscussionTitle}</h3>
      <Field label={m.postTitleLabel}>
        {({ id }) => (
          <Input
            id={id}
            value={title}
            maxLength={FORUM_LIMITS.titleMax}
            placeholder={m.postTitlePlaceholder}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field label={m.postContentLabel} hint={m.limitsHint}>
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            value={content}
            maxLength={FORUM_LIMITS.contentMax}
            rows={5}
            placeholder={m.postContentPlaceholder}
            onChange={(event) => setContent(event.target.value)}
          />
        )}
      </Field>
      <Field label={m.postCategoryLabel}>
        {({ id }) => (
          <select
            id={id}
            className={`${selectClasses} w-full`}
            value={category}
            onChange={(event) => setCategory(event.target.value as ForumCategory | '')}
          >
            <option value="">{m.chooseCategory}</option>
            {forumCategories.map((c) => (
              <option key={c.value} value={c.value}>
                {categoryLabel(m, c.value)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={!ready || pending}>
          {pending ? m.posting : m.postDiscussion}
        </Button>
      </div>
    </form>
  );
}
