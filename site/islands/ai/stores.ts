import type { UpsellsAnswer } from '../../../shared/http/ai.ts';
import type { Locale } from '../../i18n/locales.ts';
import { apiRequest } from '../../lib/api.ts';

/**
 * AI upsell suggestions (POST /api/ai/generate-upsells, api/modules/ai): once a day per user, in
 * the page's language. A write that caches nothing, so nothing is read again.
 */
export async function generateUpsells(serviceType: string, locale: Locale): Promise<UpsellsAnswer['upsells']> {
  const response = await apiRequest('POST', `/api/ai/generate-upsells?locale=${locale}`, { serviceType });
  return ((await response.json()) as UpsellsAnswer).upsells;
}
