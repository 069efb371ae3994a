import { useStore } from '@nanostores/react';
import { Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { addBillboardBody, GALLERY_LIMITS, type Billboard } from '../../../shared/http/gallery.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { plansMessages } from '../../i18n/messages/plans.ts';
import { messageOf } from '../../lib/api.ts';
import { localizeUploadRefusal } from '../../lib/upload-refusals.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, FileInput, Input } from '../../ui/Field.tsx';
import { UpgradeLink } from '../plans/UpgradeLink.tsx';
import { workApi } from '../work/api.ts';
import { addBillboard, galleryStore, removeBillboard } from './stores.ts';

/** The title and caption checked with the API's body schema before the photo is uploaded. */
const wordsOfBillboard = addBillboardBody.pick({ title: true, caption: true });

/** /subscriptions: the contractor's gallery billboards, as many up at once as the plan allows. */
export function GalleryManager({
  locale,
  contractorId,
  limit,
  onChanged,
}: {
  locale: Locale;
  contractorId: string;
  /** Null: unlimited. */
  limit: number | null;
  onChanged: () => void;
}) {
  const m = plansMessages[locale];
  const id = useId();
  const gallery = useStore(galleryStore(contractorId));
  const [title, setTitle] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const billboards = gallery.data?.billboards ?? [];
  const full = limit !== null && billboards.length >= limit;

  async function add(event: FormEvent) {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setError(m.galleryChoosePhoto);
    const words = wordsOfBillboard.safeParse({ title, caption });
    if (!words.success) return setError(localizeUploadRefusal(words.error.issues[0]!.message, locale));
    setBusy(true);
    setError(null);
    try {
      const [photo] = await workApi.uploadPhotos([chosen]);
      await addBillboard(contractorId, { ...words.data, photo: photo!.id });
      toast({ title: m.galleryAdded, variant: 'success' });
      setTitle('');
      setCaption('');
      if (file.current) file.current.value = '';
      onChanged();
    } catch (failure) {
      setError(localizeUploadRefusal(messageOf(failure, m.galleryFailed), locale));
    } finally {
      setBusy(false);
    }
  }

  async function remove(billboard: Billboard) {
    setBusy(true);
    try {
      await removeBillboard(contractorId, billboard);
      toast({ title: m.galleryRemoved, variant: 'success' });
      onChanged();
    } catch (failure) {
      toast({ title: m.galleryFailed, description: messageOf(failure, m.galleryFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.galleryTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.galleryIntro}</p>
      {limit === 0 ? (
        <p className="mt-4 text-sm">
          {m.galleryNone} <UpgradeLink locale={locale} />
        </p>
      ) : (
        <>
          {limit !== null && (
            <p className="mt-3 text-sm font-medium">{format(m.galleryCount, { used: billboards.length, limit })}</p>
          )}
          {billboards.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{m.galleryEmpty}</p>
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="gallery-manager">
              {billboards.map((b) => (
                <li key={b.id} className="overflow-hidden rounded-lg border border-border">
                  <img src={b.photo.url} alt={b.title} className="aspect-[4/3] w-full object-cover" />
                  <div className="flex items-start gap-2 p-2">
                    <p className="min-w-0 flex-1 text-sm font-medium break-words">{b.title}</p>
                    <Button
                      size="icon"
                      variant="destructive-ghost"
                      disabled={busy}
                      aria-label={format(m.galleryRemove, { title: b.title })}
                      onClick={() => void remove(b)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {!full && (
            <form noValidate onSubmit={(event) => void add(event)} className="mt-4 grid gap-3 sm:grid-cols-3">
              <Field label={m.galleryPhoto}>
                {(f) => <FileInput ref={file} id={f.id} accept="image/jpeg,image/png,image/webp" />}
              </Field>
              <Field label={m.galleryHeading}>
                {(f) => (
                  <Input
                    id={f.id}
                    value={title}
                    maxLength={GALLERY_LIMITS.titleMax}
                    onChange={(event) => setTitle(event.target.value)}
                  />
                )}
              </Field>
              <Field label={m.galleryCaption}>
                {(f) => (
                  <Input
                    id={f.id}
                    value={caption}
                    maxLength={GALLERY_LIMITS.captionMax}
                    onChange={(event) => setCaption(event.target.value)}
                  />
                )}
              </Field>
              {error && (
                <p role="alert" className="text-sm text-danger sm:col-span-3">
                  {error}
                </p>
              )}
              <div className="sm:col-span-3">
                <Button type="submit" disabled={busy}>
                  {busy ? m.galleryAdding : m.galleryAdd}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
