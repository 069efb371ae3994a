import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { WORK_LIMITS, WORK_ORDER_PHOTO_LIMIT } from '../../../shared/domain/work/rules.ts';
import { normalizePostalCode } from '../../../shared/geo/postal-code.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { photoAllowance, useMyPlan } from '../plans/api.ts';
import { statusOf, workApi } from './api.ts';
import { ContractorPicker } from './ContractorPicker.tsx';
import { emptyDraft, validateDraft, type Draft, type Errors } from './draft.ts';
import { DatesField, PhotosField } from './FormFields.tsx';
import { centsToInput } from './format.ts';
import { CategoryServiceFields, ErrorState } from './parts.tsx';
import { useRead, workReads } from './stores.ts';

export { emptyDraft, validateDraft, type Draft };

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
  const editing = useRead(params?.edit ? workReads.order(params.edit) : null);

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
  const errorSummary = useRef<HTMLDivElement>(null);
  // The plan's allowance; an order that already has more (posted before a downgrade) keeps them.
  const plan = useMyPlan();
  const photoLimit = Math.max(photoAllowance(plan.data) ?? WORK_ORDER_PHOTO_LIMIT, initial.photos.length);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || uploading) return;
    const { errors: found, input } = validateDraft(draft, locale, { requireContractor: !editId, photoLimit });
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

      <DatesField
        locale={locale}
        dates={draft.dates}
        error={errors.dates}
        onChange={(dates) => set('dates', dates)}
        onError={(dates) => setErrors((e) => ({ ...e, dates }))}
      />

      <PhotosField
        locale={locale}
        photos={draft.photos}
        photoLimit={photoLimit}
        error={errors.photos}
        onPhotos={(update) => setDraft((current) => ({ ...current, photos: update(current.photos) }))}
        onError={(photos) => setErrors((e) => ({ ...e, photos }))}
        onUploading={setUploading}
        uploading={uploading}
      />

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
