import type { PreferencesBody, PreferencesView } from '../../../shared/http/notification-preferences.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore } from '../../lib/query.ts';

/**
 * The signed-in user's notification preferences (api/modules/notification-preferences): one cached
 * read; a change or a withdrawal answers the new preferences, which become the cached read.
 */
export const PREFERENCES_KEY = '/api/notification-preferences';

export const $preferences = createFetcherStore<PreferencesView | null>([PREFERENCES_KEY]);

export async function savePreferences(body: PreferencesBody) {
  const response = await apiRequest('PUT', PREFERENCES_KEY, body);
  $preferences.mutate((await response.json()) as PreferencesView);
}

export async function withdrawEmailConsent() {
  const response = await apiRequest('DELETE', `${PREFERENCES_KEY}/email-consent`);
  $preferences.mutate((await response.json()) as PreferencesView);
}
