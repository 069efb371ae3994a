import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReviewMessages } from '../../i18n/messages/reviews.ts';
import type { Locale } from '../../i18n/locales.ts';
import { plural } from '../../i18n/plural.ts';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** A rating shown as five stars, read as "4 out of 5 stars". */
export function StarsDisplay({ rating, label, size = 'h-4 w-4' }: { rating: number; label: string; size?: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {RATINGS.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${size} ${n <= Math.round(rating) ? 'fill-amber-400 text-amber-500' : 'text-muted'}`}
        />
      ))}
    </span>
  );
}

/**
 * Stars 1–5 as a radio group: a fieldset with its legend, one real radio per star (arrow keys move
 * the choice, as in any radio group), and each star named "3 stars" for screen readers.
 */
export function StarsInput({
  value,
  onChange,
  m,
  locale,
  error,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  m: ReviewMessages;
  locale: Locale;
  error?: string | null;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{m.ratingLabel}</legend>
      <div className="flex gap-1" onMouseLeave={() => setHover(null)}>
        {RATINGS.map((n) => (
          <label
            key={n}
            onMouseEnter={() => setHover(n)}
            className="cursor-pointer rounded-md p-0.5 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={`h-7 w-7 transition-colors ${n <= shown ? 'fill-amber-400 text-amber-500' : 'text-muted'}`}
            />
            <span className="sr-only">{plural(locale, n, { one: m.starOne, other: m.starMany })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
