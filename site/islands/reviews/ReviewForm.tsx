import { CheckCircle2, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { REVIEW_LIMITS } from '../../../shared/domain/reviews/limits.ts';
import { characterCount } from '../../../shared/domain/plain-text.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { reviewMessages } from '../../i18n/messages/reviews.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { submitReview, type ReviewJobRef } from './api.ts';
import { StarsInput } from './Stars.tsx';

export type ReviewFormProps = {
  /** The completed job reviewed: a booking or a work order. */
  job: ReviewJobRef;
  locale: Locale;
  /** Who is reviewed, for the form's title. */
  otherPartyName: string;
  onCancel?: () => void;
  onSubmitted?: (result: { published: boolean }) => void;
};

/**
 * The review of one completed job (a booking or a work order): stars 1–5 (a radio group) and 10–2000 characters of text
 * with a counter. After submitting it says what happens next: the review stays hidden until the
 * other side has written theirs, or 7 days have passed.
 */
export function ReviewForm({ job, locale, otherPartyName, onCancel, onSubmitted }: ReviewFormProps) {
  const m = reviewMessages[locale];
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ published: boolean } | null>(null);

  const length = characterCount(text.trim());
  const ratingError = tried && rating === null ? m.ratingRequired : null;
  const textError = tried && (length < REVIEW_LIMITS.textMin || length > REVIEW_LIMITS.textMax) ? m.textLength : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (rating === null || length < REVIEW_LIMITS.textMin || length > REVIEW_LIMITS.textMax) return;
    setSubmitting(true);
    try {
      const result = await submitReview(job, { rating, text });
      setDone({ published: result.published });
      onSubmitted?.({ published: result.published });
    } catch (error) {
      toast({ title: m.error, description: localizedMessageOf(error, m.submitFailed, locale), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  if (done) return <ReviewSaved locale={locale} published={done.published} />;

  const textId = `${id}-text`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={format(m.formTitle, { name: otherPartyName })}
      noValidate
      className="space-y-4"
    >
      <StarsInput value={rating} onChange={setRating} m={m} locale={locale} error={ratingError} />
      <div className="space-y-1.5">
        <label htmlFor={textId} className="block text-sm font-medium">
          {m.textLabel}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={4}
          aria-invalid={Boolean(textError)}
          aria-describedby={[hintId, counterId, textError ? errorId : ''].filter(Boolean).join(' ')}
          className="min-h-24 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:outline-2 aria-[invalid=true]:border-danger"
        />
        <div className="flex flex-wrap justify-between gap-2 text-xs">
          <p id={hintId} className="text-muted">
            {m.textHint}
          </p>
          <p id={counterId} className={`tabular-nums ${length > REVIEW_LIMITS.textMax ? 'text-danger' : 'text-muted'}`}>
            {format(m.counter, { count: length, max: REVIEW_LIMITS.textMax })}
          </p>
        </div>
        {textError && (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {textError}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" size="sm" onClick={onCancel} disabled={submitting}>
            {m.cancel}
          </Button>
        )}
        <Button type="submit" size="sm" disabled={submitting}>
          {submitting && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {submitting ? m.submitting : m.submit}
        </Button>
      </div>
    </form>
  );
}

/** What happens next, after a review is submitted (the brief's wording). */
export function ReviewSaved({ locale, published }: { locale: Locale; published: boolean }) {
  const m = reviewMessages[locale];
  return (
    <div role="status" className="flex gap-2 rounded-lg border border-border bg-surface-2 p-3 text-sm">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-success" />
      <p>
        {m.saved}
        {published && <span className="mt-1 block font-medium">{m.publishedNow}</span>}
      </p>
    </div>
  );
}
