import { format } from '../../i18n/index.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { urgentMessages } from '../../i18n/messages/urgent.ts';
import { formatCad } from '../../i18n/money.ts';
import { plural } from '../../i18n/plural.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { useState } from 'react';
import { categoryLabel, serviceLabel } from '../work/format.ts';
import { times } from './format.ts';
import { actOnAlert, type Alert } from './stores.ts';

/** One alert of the list, with what the viewer may do with it (accept, withdraw, open the job). */
export function AlertItem({ alert, locale, isContractor }: { alert: Alert; locale: Locale; isContractor: boolean }) {
  const m = urgentMessages[locale];
  const [busy, setBusy] = useState(false);
  const service = serviceLabel(alert.service, locale) ?? categoryLabel(alert.category, locale);
  const when = dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeStyle: 'short' });

  async function act(kind: 'accept' | 'cancel') {
    setBusy(true);
    try {
      await actOnAlert(alert.id, kind);
      toast({ title: kind === 'accept' ? m.accepted : m.withdrawn, variant: 'success' });
    } catch (error) {
      toast({
        title: kind === 'accept' ? m.acceptFailed : m.withdrawFailed,
        description: messageOf(error, kind === 'accept' ? m.acceptFailed : m.withdrawFailed),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
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
          <Button size="sm" variant="destructive" disabled={busy} onClick={() => void act('cancel')}>
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
