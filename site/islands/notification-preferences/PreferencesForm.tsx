import { useStore } from '@nanostores/react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import {
  CURRENT_EMAIL_CONSENT_VERSION,
  emailConsentWordings,
} from '../../../shared/domain/notification-preferences/consent.ts';
import { notificationTypes, type NotificationType } from '../../../shared/domain/notifications/types.ts';
import { format } from '../../i18n/index.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { notificationPreferencesMessages } from '../../i18n/messages/notification-preferences.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { dateTimeFormat } from '../../i18n/intl.ts';
import type { PreferencesBody, PreferencesView } from '../../../shared/http/notification-preferences.ts';
import { $preferences, savePreferences, withdrawEmailConsent } from './stores.ts';

export type { PreferencesView };

type Settings = Record<NotificationType, boolean>;
type Channel = 'inApp' | 'email';
type Draft = Pick<PreferencesView, Channel>;
/** What the user changed on screen, over the preferences it started from. */
type Edit = { basis: PreferencesView; draft: Draft; consentTicked: boolean };

const fresh = (view: PreferencesView): Edit => ({
  basis: view,
  draft: { inApp: { ...view.inApp }, email: { ...view.email } },
  consentTicked: false,
});

/** Only the switches that differ from what the server has: the PUT takes a partial map. */
export function changesOf(saved: PreferencesView, draft: Pick<PreferencesView, Channel>) {
  const diff = (channel: Channel) =>
    Object.fromEntries(
      notificationTypes
        .filter((type) => draft[channel][type] !== saved[channel][type])
        .map((type) => [type, draft[channel][type]]),
    ) as Partial<Settings>;
  return { inApp: diff('inApp'), email: diff('email') };
}

function PreferencesForm({ locale }: { locale: Locale }) {
  const m = notificationPreferencesMessages[locale];
  const id = useId();
  const preferences = useStore($preferences);
  const [edit, setEdit] = useState<Edit | null>(null);
  const [pending, setPending] = useState<'save' | 'withdraw' | null>(null);
  // Newly read or saved preferences start a fresh edit (the switches as saved, consent unticked).
  const loaded = preferences.data ?? null;
  const current = loaded ? (edit?.basis === loaded ? edit : fresh(loaded)) : null;
  const saved = current?.basis ?? null;
  const draft = current?.draft ?? null;
  const consentTicked = current?.consentTicked ?? false;
  const status: 'loading' | 'error' | 'ready' = loaded
    ? 'ready'
    : preferences.error && !preferences.loading
      ? 'error'
      : 'loading';
  const setDraft = (change: (draft: Draft) => Draft) =>
    current && setEdit({ ...current, draft: change(current.draft) });

  if (status === 'loading' || (status === 'ready' && (!saved || !draft))) {
    return (
      <div role="status" aria-label={m.loading} className="mt-6 space-y-3">
        <Skeleton className="h-20 w-full" />
        {notificationTypes.map((type) => (
          <Skeleton key={type} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (status === 'error' || !saved || !draft) {
    return (
      <div className="mt-6 rounded-lg border border-border p-6 text-center">
        <p role="alert">{m.loadFailed}</p>
        <Button variant="outline" className="mt-4" onClick={() => $preferences.revalidate()}>
          {m.tryAgain}
        </Button>
      </div>
    );
  }

  const consented = saved.emailConsent.given || consentTicked;
  const changes = changesOf(saved, draft);
  const dirty = Object.keys(changes.inApp).length + Object.keys(changes.email).length > 0;
  const wording = emailConsentWordings[CURRENT_EMAIL_CONSENT_VERSION][locale];
  const givenOn = saved.emailConsent.givenAt
    ? dateTimeFormat(htmlLang[locale], { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(saved.emailConsent.givenAt),
      )
    : '';

  const set = (channel: Channel, type: NotificationType, enabled: boolean) =>
    setDraft((shown) => ({ ...shown, [channel]: { ...shown[channel], [type]: enabled } }));

  const tickConsent = (ticked: boolean) => {
    // Unticking before saving takes back the e-mail switches it allowed.
    const draftNow = !ticked && !saved.emailConsent.given ? { ...draft, email: { ...saved.email } } : draft;
    setEdit({ basis: saved, draft: draftNow, consentTicked: ticked });
  };

  const save = async () => {
    setPending('save');
    try {
      const body: PreferencesBody = {
        ...changes,
        ...(consentTicked && !saved.emailConsent.given
          ? { consent: { wordingVersion: CURRENT_EMAIL_CONSENT_VERSION, language: locale } }
          : {}),
      };
      await savePreferences(body);
      toast({ title: m.saved, description: m.savedDescription, variant: 'success' });
    } catch (error) {
      toast({ title: m.error, description: messageOf(error, m.saveFailed), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  const withdraw = async () => {
    setPending('withdraw');
    try {
      await withdrawEmailConsent();
      toast({ title: m.withdrawn, variant: 'success' });
    } catch (error) {
      toast({ title: m.error, description: messageOf(error, m.withdrawFailed), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  const consentHintId = `${id}-consent-hint`;

  return (
    <form
      className="mt-4 max-w-3xl space-y-6"
      aria-busy={pending !== null}
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty || (consentTicked && !saved.emailConsent.given)) void save();
      }}
    >
      <p className="text-muted">{m.intro}</p>

      <section aria-labelledby={`${id}-consent`} className="rounded-lg border border-border p-4">
        <h2 id={`${id}-consent`} className="text-lg font-semibold">
          {m.consentHeading}
        </h2>
        {saved.emailConsent.given ? (
          <div className="mt-2 space-y-3">
            <p>{format(m.consentGiven, { date: givenOn })}</p>
            {saved.emailConsent.wording && (
              <blockquote className="border-l-4 border-border pl-3 text-sm text-muted">
                {saved.emailConsent.wording}
              </blockquote>
            )}
            <Button variant="outline" size="sm" disabled={pending !== null} onClick={() => void withdraw()}>
              {pending === 'withdraw' ? m.withdrawing : m.withdraw}
            </Button>
          </div>
        ) : (
          <div className="mt-2 flex items-start gap-3">
            <input
              id={`${id}-consent-box`}
              type="checkbox"
              className="mt-1 h-4 w-4 shrink-0 accent-[var(--color-accent)]"
              checked={consentTicked}
              onChange={(event) => tickConsent(event.target.checked)}
            />
            <label htmlFor={`${id}-consent-box`} className="text-sm">
              {wording}
            </label>
          </div>
        )}
        {!consented && (
          <p id={consentHintId} className="mt-2 text-sm text-muted">
            {m.consentNeeded}
          </p>
        )}
      </section>

      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{m.tableCaption}</caption>
          <thead className="bg-surface-2">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {m.typeColumn}
              </th>
              <th scope="col" className="px-4 py-2 text-center font-medium">
                {m.inAppColumn}
              </th>
              <th scope="col" className="px-4 py-2 text-center font-medium">
                {m.emailColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {notificationTypes.map((type) => {
              const label = m[`type:${type}`];
              return (
                <tr key={type} className="border-t border-border">
                  <th scope="row" className="px-4 py-3 font-normal">
                    {label}
                  </th>
                  {(['inApp', 'email'] as const).map((channel) => {
                    const locked = channel === 'email' && !consented && !draft.email[type];
                    return (
                      <td key={channel} className="px-4 py-3 text-center">
                        <Switch.Root
                          checked={draft[channel][type]}
                          onCheckedChange={(checked) => set(channel, type, checked)}
                          disabled={locked || pending !== null}
                          aria-label={format(m.switchLabel, {
                            type: label,
                            channel: channel === 'email' ? m.emailColumn : m.inAppColumn,
                          })}
                          aria-describedby={locked ? consentHintId : undefined}
                          data-channel={channel}
                          data-type={type}
                          className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border bg-surface-2 transition focus-visible:outline-2 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-accent data-[state=checked]:bg-accent"
                        >
                          <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-accent-fg" />
                        </Switch.Root>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <div className="flex items-center gap-4">
        <Button type="submit" disabled={pending !== null || !(dirty || (consentTicked && !saved.emailConsent.given))}>
          {pending === 'save' ? m.saving : m.save}
        </Button>
        {dirty && (
          <p className="text-sm text-muted" aria-live="polite">
            {m.unsaved}
          </p>
        )}
      </div>
    </form>
  );
}

export default island(PreferencesForm);
