import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { serviceCategories } from '../../../shared/domain/catalogue/categories.ts';
import { cityName } from '../../../shared/geo/city-name.ts';
import { normalizePostalCode } from '../../../shared/geo/postal-code.ts';
import type { ProvinceCode } from '../../../shared/geo/provinces.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { serviceAreaMessages } from '../../i18n/messages/directory.ts';
import { apiRequest, messageOf } from '../../lib/api.ts';
import { $serviceArea, refreshAfterServiceAreaSave, retryServiceArea, SERVICE_AREA_URL } from './stores.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { useQuery } from '../../lib/first-reads.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';

type Area = {
  postalCode: string | null;
  fsa: string;
  city: string;
  province: ProvinceCode;
  radiusKm: number;
  services: string[];
  hourlyRateCents: number | null;
};
type View = { serviceArea: Area | null; canWorkRemotely: boolean; services?: string[] };
type Draft = { postalCode: string; radiusKm: string; services: string[]; hourlyRate: string; remote: boolean };
type Errors = Partial<Record<'postalCode' | 'radiusKm' | 'services' | 'hourlyRate', string>>;

function draftOf(view: View): Draft {
  const area = view.serviceArea;
  return {
    postalCode: area?.postalCode ?? '',
    radiusKm: String(area?.radiusKm ?? 25),
    // Before an area is set, start from what the directory already lists (the offerings' services).
    services: area?.services ?? view.services ?? [],
    hourlyRate: area?.hourlyRateCents != null ? String(area.hourlyRateCents / 100) : '',
    remote: view.canWorkRemotely,
  };
}

/** Client-side checks with the server's rules, so mistakes show at the field before a round trip. */
export function validateServiceArea(draft: Draft, m: (typeof serviceAreaMessages)['en']): Errors {
  const errors: Errors = {};
  if (!normalizePostalCode(draft.postalCode)) errors.postalCode = m.invalidPostalCode;
  const radius = Number(draft.radiusKm);
  if (!/^\d+$/.test(draft.radiusKm.trim()) || radius < 1 || radius > 250) errors.radiusKm = m.invalidRadius;
  if (draft.services.length < 1 || draft.services.length > 12) errors.services = m.chooseService;
  const rate = draft.hourlyRate.trim();
  if (rate && (!/^\d{1,4}(\.\d{1,2})?$/.test(rate) || Number(rate) < 1 || Number(rate) > 2000)) {
    errors.hourlyRate = m.invalidRate;
  }
  return errors;
}

/** The contractor dashboard's section where a contractor sets their service area and services. */
function ServiceAreaSection({ locale }: { locale: Locale }) {
  const m = serviceAreaMessages[locale];
  const id = useId();
  const loaded = useQuery($serviceArea);
  const [saved, setSaved] = useState<View | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const session = useStore($session);
  // The form starts from the area as first loaded; after a save, from what the save answered.
  if (loaded.data && saved === null) {
    setSaved(loaded.data);
    setDraft(draftOf(loaded.data));
  }
  const status: 'loading' | 'error' | 'ready' = saved ? 'ready' : loaded.error ? 'error' : 'loading';

  if (status === 'loading') {
    return (
      <div role="status" aria-label={m.loading} className="mt-6 space-y-3">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-10 w-full max-w-sm" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (status === 'error' || !draft || !saved) {
    return (
      <div className="mt-6 rounded-lg border border-border p-6 text-center">
        <p role="alert">{m.loadFailed}</p>
        <Button variant="outline" className="mt-4" onClick={() => void retryServiceArea()}>
          {m.tryAgain}
        </Button>
      </div>
    );
  }

  const toggle = (slug: string, on: boolean) =>
    setDraft((d) => d && { ...d, services: on ? [...d.services, slug] : d.services.filter((s) => s !== slug) });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft || !saved) return;
    const found = validateServiceArea(draft, m);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const rate = draft.hourlyRate.trim();
      const response = await apiRequest('PUT', SERVICE_AREA_URL, {
        postalCode: draft.postalCode,
        radiusKm: Number(draft.radiusKm),
        services: draft.services,
        hourlyRateCents: rate ? Math.round(Number(rate) * 100) : null,
      });
      let view = (await response.json()) as View;
      if (draft.remote !== saved.canWorkRemotely) {
        await apiRequest('PATCH', '/api/contractor/profile', { canWorkRemotely: draft.remote });
        view = { ...view, canWorkRemotely: draft.remote };
      }
      setSaved(view);
      setDraft(draftOf(view));
      refreshAfterServiceAreaSave();
      const area = view.serviceArea;
      toast({
        title: m.saved,
        description: area ? format(m.savedDescription, { place: cityName(area, locale) }) : undefined,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: m.error, description: messageOf(error, m.saveFailed), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const area = saved.serviceArea;
  const userId = session.status === 'authenticated' ? session.user.id : undefined;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 max-w-3xl rounded-xl border border-border bg-surface p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {m.heading}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.intro}</p>
      <p className="mt-3 text-sm" data-listed>
        {area
          ? format(m.listedIn, { place: `${cityName(area, locale)}, ${area.province} (${area.fsa})`, n: area.radiusKm })
          : m.notListed}
        {userId && (
          <>
            {' '}
            <a
              className="text-accent-text underline underline-offset-2"
              href={localizePath(`/contractors/${userId}`, locale)}
            >
              {m.viewProfile}
            </a>
          </>
        )}
      </p>
      <form className="mt-5 space-y-5" onSubmit={(event) => void save(event)} noValidate aria-busy={saving}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={m.postalCode} error={errors.postalCode}>
            {(f) => (
              <Input
                id={f.id}
                name="postalCode"
                autoComplete="postal-code"
                value={draft.postalCode}
                aria-invalid={f.invalid || undefined}
                aria-describedby={f.describedBy}
                onChange={(e) => setDraft({ ...draft, postalCode: e.target.value })}
              />
            )}
          </Field>
          <Field label={m.radius} error={errors.radiusKm} hint={m.radiusHint}>
            {(f) => (
              <Input
                id={f.id}
                name="radiusKm"
                inputMode="numeric"
                value={draft.radiusKm}
                aria-invalid={f.invalid || undefined}
                aria-describedby={f.describedBy}
                onChange={(e) => setDraft({ ...draft, radiusKm: e.target.value })}
              />
            )}
          </Field>
          <Field label={m.hourlyRate} error={errors.hourlyRate}>
            {(f) => (
              <Input
                id={f.id}
                name="hourlyRate"
                inputMode="decimal"
                value={draft.hourlyRate}
                aria-invalid={f.invalid || undefined}
                aria-describedby={f.describedBy}
                onChange={(e) => setDraft({ ...draft, hourlyRate: e.target.value })}
              />
            )}
          </Field>
        </div>
        <fieldset aria-describedby={`${id}-services-hint`} className="space-y-3">
          <legend className="text-sm font-medium">{m.services}</legend>
          <p id={`${id}-services-hint`} className="text-xs text-muted">
            {m.servicesHint}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {serviceCategories.map((category) => (
              <fieldset key={category.slug}>
                <legend className="text-sm font-semibold">{category[locale]}</legend>
                <div className="mt-1 space-y-1">
                  {category.services.map((service) => (
                    <label key={service.slug} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="services"
                        value={service.slug}
                        className="size-4 accent-[var(--color-accent)]"
                        checked={draft.services.includes(service.slug)}
                        onChange={(e) => toggle(service.slug, e.target.checked)}
                      />
                      {service[locale]}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
          {errors.services && (
            <p role="alert" className="text-sm text-danger">
              {errors.services}
            </p>
          )}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="remote"
            className="size-4 accent-[var(--color-accent)]"
            checked={draft.remote}
            onChange={(e) => setDraft({ ...draft, remote: e.target.checked })}
          />
          {m.remote}
        </label>
        <Button type="submit" disabled={saving}>
          {saving ? m.saving : m.save}
        </Button>
      </form>
    </section>
  );
}

export default island(ServiceAreaSection);
