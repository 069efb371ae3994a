import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { barterTradeMessages } from '../../i18n/messages/barter-trades.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';

/** The review of the other side of a completed trade: one to five stars and a comment. */
export function ReviewDialog({
  locale,
  title,
  failure,
  pending,
  onClose,
  onSubmit,
}: {
  locale: Locale;
  title: string;
  failure: string | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (rating: number, comment: string | null) => Promise<void>;
}) {
  const m = barterTradeMessages[locale];
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const ratingName = useId();
  return (
    <InfoDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={m.reviewTitle}
      description={title}
      closeLabel={commonMessages[locale].close}
      size="md"
      busy={pending}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(rating, comment.trim() || null);
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium">{m.rating}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-border px-3 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10"
              >
                <input
                  type="radio"
                  name={ratingName}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                />
                <span aria-hidden="true">{'★'.repeat(value)}</span>
                <span className="sr-only">{format(m.stars, { count: value })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={m.comment}>
          {({ id }) => (
            <Textarea id={id} rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
          )}
        </Field>
        {failure && (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
            {m.cancel}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? m.sending : m.postReview}
          </Button>
        </div>
      </form>
    </InfoDialog>
  );
}
