import { useStore } from '@nanostores/react';
import { Siren } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { isPaidPlan } from '../../../shared/domain/plans/entitlements.ts';
import { URGENT_MULTIPLIER, urgentPrice } from '../../../shared/domain/urgent/rules.ts';
import { dollarsToCents, WORK_LIMITS, WORK_MESSAGES } from '../../../shared/domain/work/rules.ts';
import { normalizePostalCode, POSTAL_CODE_MESSAGE } from '../../../shared/geo/postal-code.ts';
import { format } from '../../i18n/index.ts';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { urgentMessages } from '../../i18n/messages/urgent.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { formatCad } from '../../i18n/money.ts';
import { apiRequest, messageOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { useMyPlan } from '../plans/api.ts';
import { UpgradeLink } from '../plans/UpgradeLink.tsx';
import { useJson } from '../work/api.ts';
import { categoryLabel, serviceLabel } from '../work/format.ts';
import { CategoryServiceFields, ErrorState } from '../work/parts.tsx';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { numberFormat } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';

/** What /api/urgent-alerts answers (api/modules/urgent/schemas.ts). */
type Alert = {
  id: string;
  status: 'open' | 'accepted' | 'cancelled' | 'expired';
  title: string;
  description: string;
  category: string;
  service: string | null;
  city: string;
  province: string;
  postalCode: string;
  baseCents: number;
  multiplier: number;
  priceCents: number;
  premiumCents: number;
  sentAt: string;
  expiresAt: string;
  reached: number | null;
  acceptedBy: { id: string; name: string } | null;
  acceptedByMe: boolean;
  workOrderId: string | null;
};

const STEPS = Array.from(
  { length: (URGENT_MULTIPLIER.maxPct - URGENT_MULTIPLIER.minPct) / URGENT_MULTIPLIER.stepPct + 1 },
  (_, i) => URGENT_MULTIPLIER.minPct + i * URGENT_MULTIPLIER.stepPct,
);

const times = (pct: number, locale: Locale) =>
  numberFormat(htmlLang[locale], { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(pct / 100);

type Errors = Partial<Record<'title' | 'description' | 'category' | 'postalCode' | 'base', string>>;

function SendForm({ locale, onSent }: { locale: Locale; onSent: () => void }) {
  const m = urgentMessages[locale];
  const w = workMessages[locale];
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [service, setService] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [base, setBase] = useState('');
  const [pct, setPct] = useState(150);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const baseCents = dollarsToCents(base);
  const priced = baseCents && baseCents > 0 ? urgentPrice(baseCents, pct) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (title.trim().length < WORK_LIMITS.titleMin || title.trim().length > WORK_LIMITS.titleMax)
      found.title = WORK_MESSAGES.title;
    if (
      description.trim().length < WORK_LIMITS.descriptionMin ||
      description.trim().length > WORK_LIMITS.descriptionMax
    )
      found.description = WORK_MESSAGES.description;
    if (!category) found.category = WORK_MESSAGES.category;
    const normal = normalizePostalCode(postalCode);
    if (!normal) found.postalCode = POSTAL_CODE_MESSAGE;
    if (!baseCents || baseCents <= 0 || baseCents > WORK_LIMITS.budgetMaxCents) found.base = m.priceInvalid;
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-form="${id}"] [aria-invalid="true"]`)?.focus(),
      );
      return;
    }
    setPending(true);
    try {
      const response = await apiRequest('POST', '/api/urgent-alerts', {
        title: title.trim(),
        description: description.trim(),
        category,
        service: service || null,
        postalCode: normal,
        baseCents,
        multiplier: pct / 100,
      });
      const { alert } = (await response.json()) as { alert: Alert };
      const reached = alert.reached ?? 0;
      toast({ title: plural(locale, reached, { one: m.sentOne, other: m.sent }), variant: 'success' });
      setTitle('');
      setDescription('');
      setBase('');
      onSent();
    } catch (error) {
      setServerError(messageOf(error, m.sendFailed));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      data-form={id}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.sendTitle}
      </h2>
      {serverError && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
          {serverError}
        </p>
      )}
      <Field label={w.title} error={errors.title}>
        {(f) => (
          <Input
            id={f.id}
            aria-describedby={f.describedBy}
            aria-invalid={f.invalid}
            value={title}
            maxLength={WORK_LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      <Field label={w.description} error={errors.description}>
        {(f) => (
          <Textarea
            id={f.id}
            aria-describedby={f.describedBy}
            aria-invalid={f.invalid}
            value={description}
            rows={3}
            maxLength={WORK_LIMITS.descriptionMax}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryServiceFields
          locale={locale}
          category={category}
          service={service}
          errors={{ category: errors.category }}
          onChange={(next) => {
            setCategory(next.category);
            setService(next.service);
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={w.postalCode} error={errors.postalCode}>
          {(f) => (
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
              value={postalCode}
              autoComplete="postal-code"
              maxLength={7}
              className="uppercase"
              onChange={(e) => setPostalCode(e.target.value)}
            />
          )}
        </Field>
        <Field label={m.basePrice} error={errors.base} hint={m.basePriceHint}>
          {(f) => (
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid}
              inputMode="decimal"
              value={base}
              onChange={(e) => setBase(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={m.premium}>
        {(f) => (
          <div className="flex items-center gap-3">
            <input
              id={f.id}
              type="range"
              min={URGENT_MULTIPLIER.minPct}
              max={URGENT_MULTIPLIER.maxPct}
              step={URGENT_MULTIPLIER.stepPct}
              value={pct}
              aria-valuetext={format(m.premiumValue, { n: times(pct, locale) })}
              onChange={(e) => setPct(Number(e.target.value))}
              className="w-full accent-[var(--accent)]"
              list={`${id}-steps`}
            />
            <datalist id={`${id}-steps`}>
              {STEPS.map((step) => (
                <option key={step} value={step} />
              ))}
            </datalist>
            <output htmlFor={f.id} className="w-14 text-right font-semibold tabular-nums" data-testid="multiplier">
              {format(m.premiumValue, { n: times(pct, locale) })}
            </output>
          </div>
        )}
      </Field>
      {priced && (
        <p className="text-sm font-medium" data-testid="urgent-price">
          {format(m.priceLine, {
            price: formatCad(priced.priceCents, locale),
            premium: formatCad(priced.premiumCents, locale),
          })}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        <Siren aria-hidden="true" className="size-4" />
        {pending ? m.sending : m.send}
      </Button>
    </form>
  );
}

function AlertItem({
  alert,
  locale,
  isContractor,
  onChanged,
}: {
  alert: Alert;
  locale: Locale;
  isContractor: boolean;
  onChanged: () => void;
}) {
  const m = urgentMessages[locale];
  const [busy, setBusy] = useState(false);
  const service = serviceLabel(alert.service, locale) ?? categoryLabel(alert.category, locale);
  const when = dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeStyle: 'short' });

  async function act(kind: 'accept' | 'cancel') {
    setBusy(true);
    try {
      await apiRequest('POST', `/api/urgent-alerts/${encodeURIComponent(alert.id)}/${kind}`, {});
      toast({ title: kind === 'accept' ? m.accepted : m.withdrawn, variant: 'success' });
    } catch (error) {
      toast({
        title: kind === 'accept' ? m.acceptFailed : m.withdrawFailed,
        description: messageOf(error, kind === 'accept' ? m.acceptFailed : m.withdrawFailed),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      onChanged();
    }
  }

  const statusText =
    alert.status === 'accepted' && isContractor
      ? alert.acceptedByMe
        ? m.youGotIt
        : m.takenByOther
      : m[`status:${alert.status}`];
  return (
    <li className="space-y-2 px-4 py-4 sm:px-5" data-alert={alert.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{alert.title}</h3>
          <p className="text-sm text-muted">
            {service} · {alert.city}, {alert.province} ({alert.postalCode})
          </p>
        </div>
        <span
          className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium"
          data-testid="alert-status"
        >
          {statusText}
        </span>
      </div>
      <p className="text-sm break-words">{alert.description}</p>
      <p className="text-sm font-medium">
        {format(m.priceWithPremium, {
          price: formatCad(alert.priceCents, locale),
          n: times(alert.multiplier * 100, locale),
          premium: formatCad(alert.premiumCents, locale),
        })}
      </p>
      <p className="text-xs text-muted">
        {alert.reached !== null && `${plural(locale, alert.reached, { one: m.reachedOne, other: m.reached })} · `}
        {alert.acceptedBy
          ? format(m.acceptedBy, { name: alert.acceptedBy.name })
          : alert.status === 'open' && format(m.expires, { time: when.format(new Date(alert.expiresAt)) })}
      </p>
      <div className="flex flex-wrap gap-2">
        {isContractor && alert.status === 'open' && (
          <Button size="sm" disabled={busy} onClick={() => void act('accept')}>
            {busy ? m.accepting : format(m.accept, { price: formatCad(alert.priceCents, locale) })}
          </Button>
        )}
        {!isContractor && alert.status === 'open' && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void act('cancel')}>
            {busy ? m.withdrawing : m.withdraw}
          </Button>
        )}
        {alert.workOrderId && (
          <>
            <a className={buttonClasses('outline', 'sm')} href={localizePath(`/projects/${alert.workOrderId}`, locale)}>
              {m.openJob}
            </a>
            <a
              className={buttonClasses('outline', 'sm')}
              href={localizePath(`/contracts/${alert.workOrderId}`, locale)}
            >
              {m.openContract}
            </a>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * /urgent-alerts: a customer on Local or higher sends urgent jobs and follows them; a contractor
 * sees the ones sent to them and accepts. The server decides who may do what; this page only
 * hides what would be refused.
 */
function UrgentAlerts({ locale }: { locale: Locale }) {
  const m = urgentMessages[locale];
  const session = useStore($session);
  const role = session.status === 'authenticated' ? session.user.role : null;
  const plan = useMyPlan();
  const list = useJson<{ alerts: Alert[] }>('/api/urgent-alerts');
  const isContractor = role === 'contractor';
  const paid = plan.data ? isPaidPlan(plan.data.planId) : false;

  return (
    <div className="mt-4 grid gap-6">
      <p className="max-w-prose text-muted">{isContractor ? m.contractorIntro : m.intro}</p>
      {role === 'customer' &&
        plan.data &&
        (paid ? (
          <SendForm locale={locale} onSent={() => void list.reload()} />
        ) : (
          <p className="rounded-xl border border-border bg-surface p-4 text-sm">
            {m.needsLocal} <UpgradeLink locale={locale} />
          </p>
        ))}
      {isContractor && plan.data && !paid && (
        <p className="rounded-xl border border-border bg-surface p-4 text-sm">
          {urgentMessages[locale].needsLocal} <UpgradeLink locale={locale} />
        </p>
      )}
      <section aria-labelledby="urgent-list" className="min-w-0">
        <h2 id="urgent-list" className="mb-3 text-lg font-semibold">
          {isContractor ? m.inboxTitle : m.mineTitle}
        </h2>
        {list.data === undefined && list.loading && <PageSkeleton label={m.loading} />}
        {list.data === undefined && !list.loading && (
          <ErrorState locale={locale} message={m.loadFailed} onRetry={() => void list.reload()} />
        )}
        {list.data && list.data.alerts.length === 0 && (
          <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
            {isContractor ? m.emptyContractor : m.empty}
          </p>
        )}
        {list.data && list.data.alerts.length > 0 && (
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface" data-testid="urgent-alerts">
            {list.data.alerts.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                locale={locale}
                isContractor={isContractor}
                onChanged={() => void list.reload()}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default island(UrgentAlerts);
