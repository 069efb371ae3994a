import { ApiError } from '../../lib/api.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { plansMessages } from '../../i18n/messages/plans.ts';

/**
 * Whether a refusal came from the plan gates (api/modules/plans/gates.ts): a 403 whose message
 * names the plan. Those answers get an upgrade link next to them.
 */
export function isPlanRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const text = error.serverMessage ?? '';
  return /^Plan limit reached|is not included in your|need a paid plan/.test(text);
}

export function UpgradeLink({ locale }: { locale: Locale }) {
  return (
    <a
      className="font-medium text-accent-text underline underline-offset-2"
      href={localizePath('/subscriptions', locale)}
    >
      {plansMessages[locale].seePlans}
    </a>
  );
}
