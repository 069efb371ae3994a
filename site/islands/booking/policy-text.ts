import { CANCELLATION_POLICY } from '../../../shared/domain/booking/policy.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { policyStatement } from '../../i18n/messages/booking.ts';
import { formatCad, formatPercent } from '../../i18n/money.ts';

/** The cancellation policy in words, from the numbers the decider applies. */
export function cancellationPolicyText(locale: Locale, policy: typeof CANCELLATION_POLICY = CANCELLATION_POLICY) {
  return format(policyStatement[locale].text, {
    hours: policy.freeHours,
    percent: formatPercent(policy.lateFeePercent, locale),
    minimum: formatCad(policy.minimumFeeCents, locale),
    flat: formatCad(policy.noPriceFeeCents, locale),
  });
}
