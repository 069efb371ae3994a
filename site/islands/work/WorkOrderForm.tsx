import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  dollarsToCents,
  isCalendarDate,
  PHOTOS_PER_UPLOAD,
  WORK_LIMITS,
  WORK_MESSAGES,
  WORK_ORDER_PHOTO_LIMIT,
} from '../../../shared/domain/work/rules.ts';
import { normalizePostalCode, POSTAL_CODE_MESSAGE } from '../../../shared/geo/postal-code.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { messageOf } from '../../lib/api.ts';
import { localizeUploadRefusal } from '../../lib/upload-refusals.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { photoAllowance, useMyPlan } from '../plans/api.ts';
import { workApi, workUrls, useJson, statusOf, type OrderDetail, type WorkOrderInput } from './api.ts';
import { ContractorPicker, type PickedContractor } from './ContractorPicker.tsx';
import { centsToInput, dateText, todayIso } from './format.ts';
import { CategoryServiceFields, ErrorState } from './parts.tsx';

type Errors = Partial<
  Record<
    | 'title'
    | 'description'
    | 'category'
    | 'service'
    | 'postalCode'
    | 'budgetMin'
    | 'budgetMax'
    | 'dates'
    | 'photos'
    | 'contractor',
    string
  >
>;

export type Draft = {
  title: string;
  description: string;
  category: string;
  service: string;
  postalCode: string;
  remote: boolean;
  budgetKind: 'fixed' | 'range';
  budgetMin: string;
  budgetMax: string;
  dates: string[];
  photos: { id: string; url: string }[];
  mode: 'direct' | 'bids';
  contractor: PickedContractor | null;
};

export const emptyDraft: Draft = {
  title: '',
  description: '',
  category: '',
  service: '',
  postalCode: '',
  remote: false,
  budgetKind: 'fixed',
  budgetMin: '',
  budgetMax: '',
  dates: [],
  photos: [],
  mode: 'bids',
  contractor: null,
};

/** The same rules as the server (shared/domain/work/rules.ts), checked before sending. */
export function validateDraft(
  draft: Draft,
  m: (typeof workMessages)['en'],
  options: { requireContractor: boolean; photoLimit?: number },
): { errors: Errors; input: WorkOrderInput | null } {
  const errors: Errors = {};
  const title = draft.title.trim();
  const description = draft.description.trim();
  if (title.length < WORK_LIMITS.titleMin || title.length > WORK_LIMITS.titleMax) errors.title = WORK_MESSAGES.title;
  if (description.length < WORK_LIMITS.descriptionMin || description.length > WORK_LIMITS.descriptionMax) {
    errors.description = WORK_MESSAGES.description;
  }
  if (!draft.category) errors.category = WORK_MESSAGES.category;
  const postal = draft.postalCode.trim();
  const postalCode = postal ? normalizePostalCode(postal) : null;
  if (postal && !postalCode) errors.postalCode = POSTAL_CODE_MESSAGE;
  else if (!postal && !draft.remote) errors.postalCode = WORK_MESSAGES.locationRequired;
  const min = dollarsToCents(draft.budgetMin);
  const max = draft.budgetKind === 'fixed' ? min : dollarsToCents(draft.budgetMax);
  if (min === null) errors.budgetMin = m.amountInvalid;
  else if (min <= 0) errors.budgetMin = WORK_MESSAGES.budgetPositive;
  else if (min > WORK_LIMITS.budgetMaxCents) errors.budgetMin = WORK_MESSAGES.budgetMax;
  if (draft.budgetKind === 'range') {
    if (max === null) errors.budgetMax = m.amountInvalid;
    else if (max <= 0) errors.budgetMax = WORK_MESSAGES.budgetPositive;
    else if (max > WORK_LIMITS.budgetMaxCents) errors.budgetMax = WORK_MESSAGES.budgetMax;
    else if (min !== null && min > max) errors.budgetMin = WORK_MESSAGES.budgetOrder;
  }
  if (draft.dates.length > WORK_LIMITS.preferredDatesMax) errors.dates = WORK_MESSAGES.preferredDatesCount;
  const photoLimit = options.photoLimit ?? WORK_ORDER_PHOTO_LIMIT;
  if (draft.photos.length > photoLimit) {
    errors.photos =
      photoLimit < WORK_ORDER_PHOTO_LIMIT ? format(m.photosPlanLimit, { n: photoLimit }) : WORK_MESSAGES.photos;
  }
  if (options.requireContractor && draft.mode === 'direct' && !draft.contractor)
    errors.contractor = m.contractorRequired;
  if (Object.keys(errors).length > 0 || min === null || max === null) return { errors, input: null };
  return {
    errors,
    input: {
      title,
      description,
      category: draft.category,
      service: draft.service || null,
      remote: draft.remote,
      postalCode,
      budgetMinCents: min,
      budgetMaxCents: max,
      preferredDates: draft.dates,
      photos: draft.photos.map((p) => p.id),
    },
  };
}

type Props = { locale: Locale };

/**
 * /post-job: the work-order form. `?edit=<id>` edits an open order (mode and contractor are then
 * fixed); `?contractor=<id>` starts a direct post to that contractor (the directory's "request a
 * quote" button links here).
 */
export function WorkOrderForm({ locale }: Props) {
  const [params, setParams] = useState<{ edit: string | null; contractor: string | null } | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    setParams({ edit: query.get('edit'), contractor: query.get('contractor') });
  }, []);
  const editing = useJson<OrderDetail>(params?.edit ? workUrls.order(params.edit) : null);

  if (!params) return <PageSkeleton label={workMessages[locale].loading} />;
  if (params.edit) {
    if (editing.error) {
      const status = statusOf(editing.error);
      const m = workMessages[locale];
      return (
        <ErrorState
          locale={locale}
          message={status === 404 ? m.notFound : status === 403 ? m.detailForbidden : undefined}
          onRetry={() => void editing.reload()}
        />
      );
    }
    if (!editing.data) return <PageSkeleton label={workMessages[locale].loading} />;
    const order = editing.data.workOrder;
    return (
      <FormBody
        locale={locale}
        editId={order.id}
        initial={{
          ...emptyDraft,
          title: order.title,
          description: order.description,
          category: order.category,
          service: order.service ?? '',
          postalCode: order.location?.postalCode ?? '',
          remote: order.remote,
          budgetKind: order.budgetMinCents === order.budgetMaxCents ? 'fixed' : 'range',
          budgetMin: centsToInput(order.budgetMinCents),
          budgetMax: centsToInput(order.budgetMaxCents),
          dates: order.preferredDates,
          photos: order.photos,
          mode: order.mode,
        }}
      />
    );
  }
  return <FormBody locale={locale} editId={null} initial={emptyDraft} initialContractorId={params.contractor} />;
}

function FormBody({
  locale,
  editId,
  initial,
  initialContractorId = null,
}: {
  locale: Locale;
  editId: string | null;
  initial: Draft;
  initialContractorId?: string | null;
}) {
  const m = workMessages[locale];
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => (initialContractorId ? { ...initial, mode: 'direct' } : initial));
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [dateInput, setDateInput] = useState('');
  const [today, setToday] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const errorSummary = useRef<HTMLDivElement>(null);
  useEffect(() => setToday(todayIso()), []);
  // The plan's allowance; an order that already has more (posted before a downgrade) keeps them.
  const plan = useMyPlan();
  const photoLimit = Math.max(photoAllowance(plan.data) ?? WORK_ORDER_PHOTO_LIMIT, initial.photos.length);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  function addDate() {
    if (!isCalendarDate(dateInput) || draft.dates.includes(dateInput)) return;
    if (draft.dates.length >= WORK_LIMITS.preferredDatesMax) {
      setErrors((e) => ({ ...e, dates: WORK_MESSAGES.preferredDatesCount }));
      return;
    }
    set('dates', [...draft.dates, dateInput].sort());
    setDateInput('');
    setErrors((e) => ({ ...e, dates: undefined }));
  }

  async function addPhotos(files: FileList | null) {
    if (!files || files.length === 0) return;
    const room = photoLimit - draft.photos.length;
    const chosen = Array.from(files);
    if (chosen.length > room) {
      setErrors((e) => ({ ...e, photos: format(m.photosPlanLimit, { n: photoLimit }) }));
      if (room <= 0) return;
    }
    setUploading(true);
    try {
      const picked = chosen.slice(0, room);
      const uploaded: { id: string; url: string }[] = [];
      for (let at = 0; at < picked.length; at += PHOTOS_PER_UPLOAD) {
        uploaded.push(...(await workApi.uploadPhotos(picked.slice(at, at + PHOTOS_PER_UPLOAD))));
      }
      setDraft((current) => ({
        ...current,
        photos: [...current.photos, ...uploaded].slice(0, photoLimit),
      }));
      if (chosen.length <= room) setErrors((e) => ({ ...e, photos: undefined }));
    } catch (error) {
      setErrors((e) => ({ ...e, photos: localizeUploadRefusal(messageOf(error, m.postFailed), locale) }));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || uploading) return;
    const { errors: found, input } = validateDraft(draft, m, { requireContractor: !editId, photoLimit });
    setErrors(found);
    setServerError(null);
    if (!input) {
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>(`[data-form="${id}"] [aria-invalid="true"]`);
        first?.focus();
      });
      return;
    }
    setPending(true);
    try {
      if (editId) {
        await workApi.edit(editId, input);
        toast({ title: m.saved, variant: 'success' });
        window.location.assign(localizePath(`/projects/${editId}`, locale));
      } else {
        const answer = await workApi.create({
          ...input,
          mode: draft.mode,
          directContractorId: draft.mode === 'direct' ? (draft.contractor?.id ?? null) : null,
        });
        const newId = answer.workOrder?.id ?? answer.id!;
        toast({
          title: m.posted,
          description: draft.mode === 'direct' ? m.postedDirectText : m.postedText,
          variant: 'success',
        });
        window.location.assign(localizePath(`/projects/${newId}`, locale));
      }
    } catch (error) {
      const message = messageOf(error, m.postFailed);
      setServerError(message);
      toast({ title: m.postFailed, description: message, variant: 'destructive' });
      setPending(false);
      requestAnimationFrame(() => errorSummary.current?.focus());
    }
  }

  const radioCard = (checked: boolean) =>
    `flex cursor-pointer gap-3 rounded-xl border p-3 transition ${checked ? 'border-accent bg-accent/5' : 'border-border hover:bg-surface-2'} has-[:focus-visible]:outline-2`;

  return (
    <form data-form={id} noValidate onSubmit={onSubmit} className="mt-6 max-w-2xl space-y-6">
      {serverError && (
        <div
          ref={errorSummary}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger outline-none"
        >
          {serverError}
        </div>
      )}

      <Field label={m.title} error={errors.title}>
        {(f) => (
          <Input
            id={f.id}
            aria-describedby={f.describedBy}
            aria-invalid={f.invalid}
            value={draft.title}
            maxLength={WORK_LIMITS.titleMax + 20}
            placeholder={m.titlePlaceholder}
            onChange={(e) => set('title', e.target.value)}
          />
        )}
      </Field>

      <Field label={m.description} error={errors.description} hint={m.descriptionHint}>
        {(f) => (
          <Textarea
            id={f.id}
            aria-describedby={f.describedBy}
            aria-invalid={f.invalid}
            rows={6}
            value={draft.description}
            maxLength={WORK_LIMITS.descriptionMax + 100}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryServiceFields
          locale={locale}
          category={draft.category}
          service={draft.service}
          errors={{ category: errors.category, service: errors.service }}
          onChange={(next) => setDraft((current) => ({ ...current, ...next }))}
        />
      </div>

      <div className="space-y-3">
        <Field label={m.postalCode} error={errors.postalCode} hint={m.postalCodeHint}>
          {(f) => (
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
              value={draft.postalCode}
              autoComplete="postal-code"
              maxLength={7}
              className="max-w-40 uppercase"
              onChange={(e) => set('postalCode', e.target.value)}
              onBlur={() => {
                const normal = normalizePostalCode(draft.postalCode);
                if (normal) set('postalCode', normal);
              }}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.remote}
            onChange={(e) => set('remote', e.target.checked)}
            className="h-4 w-4 accent-[var(--accent)]"
          />
          {m.remoteWork}
        </label>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{m.budgetType}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(['fixed', 'range'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-budget`}
                checked={draft.budgetKind === kind}
                onChange={() => set('budgetKind', kind)}
                className="h-4 w-4 accent-[var(--accent)]"
              />
              {kind === 'fixed' ? m.budgetFixed : m.budgetRange}
            </label>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={draft.budgetKind === 'fixed' ? m.amount : m.minimum} error={errors.budgetMin}>
            {(f) => (
              <Input
                id={f.id}
                aria-describedby={f.describedBy}
                aria-invalid={f.invalid}
                inputMode="decimal"
                value={draft.budgetMin}
                onChange={(e) => set('budgetMin', e.target.value)}
              />
            )}
          </Field>
          {draft.budgetKind === 'range' && (
            <Field label={m.maximum} error={errors.budgetMax}>
              {(f) => (
                <Input
                  id={f.id}
                  aria-describedby={f.describedBy}
                  aria-invalid={f.invalid}
                  inputMode="decimal"
                  value={draft.budgetMax}
                  onChange={(e) => set('budgetMax', e.target.value)}
                />
              )}
            </Field>
          )}
        </div>
      </fieldset>

      <Field label={m.preferredDates} error={errors.dates} hint={m.datesHint}>
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
                disabled={!dateInput || draft.dates.length >= WORK_LIMITS.preferredDatesMax}
              >
                {m.addDate}
              </Button>
            </div>
            {draft.dates.length > 0 && (
              <ul className="flex flex-wrap gap-2">
                {draft.dates.map((date) => (
                  <li
                    key={date}
                    className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 py-0.5 pr-1 pl-3 text-sm"
                  >
                    {dateText(date, locale)}
                    <button
                      type="button"
                      aria-label={format(m.removeDate, { date: dateText(date, locale) })}
                      onClick={() =>
                        set(
                          'dates',
                          draft.dates.filter((d) => d !== date),
                        )
                      }
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

      <Field label={m.photos} error={errors.photos} hint={format(m.photosHint, { n: photoLimit })}>
        {(f) => (
          <div className="space-y-3">
            {draft.photos.length > 0 && (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
                {draft.photos.map((photo, index) => (
                  <li key={photo.id} className="relative">
                    <img
                      src={photo.url}
                      alt={format(m.photoAlt, { n: index + 1 })}
                      className="aspect-square w-full rounded-lg border border-border object-cover"
                    />
                    <button
                      type="button"
                      aria-label={format(m.removePhoto, { n: index + 1 })}
                      onClick={() =>
                        set(
                          'photos',
                          draft.photos.filter((p) => p.id !== photo.id),
                        )
                      }
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
              disabled={uploading || draft.photos.length >= photoLimit}
              onChange={(e) => void addPhotos(e.target.files)}
            />
            <Button
              variant="outline"
              disabled={uploading || draft.photos.length >= photoLimit}
              onClick={() => fileInput.current?.click()}
            >
              <ImagePlus aria-hidden="true" className="h-4 w-4" />
              {uploading ? m.uploading : m.addPhotos}
            </Button>
            {draft.photos.length >= photoLimit && photoLimit < WORK_ORDER_PHOTO_LIMIT && (
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

      {!editId && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{m.modeLegend}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {(['bids', 'direct'] as const).map((mode) => (
              <label key={mode} className={radioCard(draft.mode === mode)}>
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={mode}
                  checked={draft.mode === mode}
                  onChange={() => set('mode', mode)}
                  className="mt-1 h-4 w-4 accent-[var(--accent)]"
                />
                <span>
                  <span className="block font-medium">{mode === 'bids' ? m.modeBids : m.modeDirect}</span>
                  <span className="block text-sm text-muted">
                    {mode === 'bids' ? m.modeBidsText : m.modeDirectText}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {draft.mode === 'direct' && (
            <ContractorPicker
              locale={locale}
              value={draft.contractor}
              initialId={initialContractorId}
              error={errors.contractor ?? null}
              onChange={(contractor) => {
                set('contractor', contractor);
                if (contractor) setErrors((e) => ({ ...e, contractor: undefined }));
              }}
            />
          )}
        </fieldset>
      )}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={pending || uploading}>
          {pending ? (editId ? m.saving : m.posting) : editId ? m.submitEdit : m.submitPost}
        </Button>
        {editId && (
          <a
            href={localizePath(`/projects/${editId}`, locale)}
            className="inline-flex h-12 items-center px-4 text-sm underline"
          >
            {m.cancel}
          </a>
        )}
      </div>
    </form>
  );
}
