import { ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  isCalendarDate,
  PHOTOS_PER_UPLOAD,
  WORK_LIMITS,
  WORK_ORDER_PHOTO_LIMIT,
} from '../../../shared/domain/work/rules.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { workRuleMessages } from '../../i18n/messages/work-rules.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { messageOf } from '../../lib/api.ts';
import { localizeUploadRefusal } from '../../lib/upload-refusals.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { workApi } from './api.ts';
import { dateText, todayIso } from './format.ts';

type Photo = { id: string; url: string };

/** The work-order form's preferred dates: a date input, "add", and the chosen dates to remove. */
export function DatesField({
  locale,
  dates,
  error,
  onChange,
  onError,
}: {
  locale: Locale;
  dates: string[];
  error: string | undefined;
  onChange: (dates: string[]) => void;
  onError: (message: string | undefined) => void;
}) {
  const m = workMessages[locale];
  const [dateInput, setDateInput] = useState('');
  const [today, setToday] = useState('');
  useEffect(() => setToday(todayIso()), []);

  function addDate() {
    if (!isCalendarDate(dateInput) || dates.includes(dateInput)) return;
    if (dates.length >= WORK_LIMITS.preferredDatesMax) {
      onError(workRuleMessages[locale].preferredDatesCount);
      return;
    }
    onChange([...dates, dateInput].sort());
    setDateInput('');
    onError(undefined);
  }

  return (
    <Field label={m.preferredDates} error={error} hint={m.datesHint}>
      {(f) => (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
              type="date"
              min={today || undefined}
              value={dateInput}
              className="max-w-48"
              onChange={(e) => setDateInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addDate();
                }
              }}
            />
            <Button
              variant="outline"
              onClick={addDate}
              disabled={!dateInput || dates.length >= WORK_LIMITS.preferredDatesMax}
            >
              {m.addDate}
            </Button>
          </div>
          {dates.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {dates.map((date) => (
                <li
                  key={date}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 py-0.5 pr-1 pl-3 text-sm"
                >
                  {dateText(date, locale)}
                  <button
                    type="button"
                    aria-label={format(m.removeDate, { date: dateText(date, locale) })}
                    onClick={() => onChange(dates.filter((d) => d !== date))}
                    className="rounded-full p-1 text-muted hover:bg-surface hover:text-fg focus-visible:outline-2"
                  >
                    <X aria-hidden="true" className="h-3.5 w-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}

/** The work-order form's photos: the uploaded ones to remove, and "add photos" (uploaded at once, in batches). */
export function PhotosField({
  locale,
  photos,
  photoLimit,
  error,
  uploading,
  onPhotos,
  onError,
  onUploading,
}: {
  locale: Locale;
  photos: Photo[];
  photoLimit: number;
  error: string | undefined;
  uploading: boolean;
  onPhotos: (update: (current: Photo[]) => Photo[]) => void;
  onError: (message: string | undefined) => void;
  onUploading: (uploading: boolean) => void;
}) {
  const m = workMessages[locale];
  const fileInput = useRef<HTMLInputElement>(null);

  async function addPhotos(files: FileList | null) {
    if (!files || files.length === 0) return;
    const room = photoLimit - photos.length;
    const chosen = Array.from(files);
    if (chosen.length > room) {
      onError(format(m.photosPlanLimit, { n: photoLimit }));
      if (room <= 0) return;
    }
    onUploading(true);
    try {
      const picked = chosen.slice(0, room);
      const uploaded: Photo[] = [];
      for (let at = 0; at < picked.length; at += PHOTOS_PER_UPLOAD) {
        uploaded.push(...(await workApi.uploadPhotos(picked.slice(at, at + PHOTOS_PER_UPLOAD))));
      }
      onPhotos((current) => [...current, ...uploaded].slice(0, photoLimit));
      if (chosen.length <= room) onError(undefined);
    } catch (failure) {
      onError(localizeUploadRefusal(messageOf(failure, m.postFailed), locale));
    } finally {
      onUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <Field label={m.photos} error={error} hint={format(m.photosHint, { n: photoLimit })}>
      {(f) => (
        <div className="space-y-3">
          {photos.length > 0 && (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {photos.map((photo, index) => (
                <li key={photo.id} className="relative">
                  <img
                    src={photo.url}
                    alt={format(m.photoAlt, { n: index + 1 })}
                    className="aspect-square w-full rounded-lg border border-border object-cover"
                  />
                  <button
                    type="button"
                    aria-label={format(m.removePhoto, { n: index + 1 })}
                    onClick={() => onPhotos((current) => current.filter((p) => p.id !== photo.id))}
                    className="absolute top-1 right-1 rounded-full bg-black/70 p-1 text-white focus-visible:outline-2"
                  >
                    <X aria-hidden="true" className="h-3.5 w-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            ref={fileInput}
            id={f.id}
            aria-describedby={f.describedBy}
            aria-invalid={f.invalid}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            disabled={uploading || photos.length >= photoLimit}
            onChange={(e) => void addPhotos(e.target.files)}
          />
          <Button
            variant="outline"
            disabled={uploading || photos.length >= photoLimit}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            {uploading ? m.uploading : m.addPhotos}
          </Button>
          {photos.length >= photoLimit && photoLimit < WORK_ORDER_PHOTO_LIMIT && (
            <p className="text-sm text-muted">
              {format(m.photosPlanLimit, { n: photoLimit })}{' '}
              <a className="font-medium text-accent-text underline" href={localizePath('/subscriptions', locale)}>
                {m.upgradeForMore}
              </a>
            </p>
          )}
        </div>
      )}
    </Field>
  );
}
