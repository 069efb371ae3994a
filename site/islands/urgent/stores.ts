import type { AlertView } from '../../../shared/http/urgent.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';

/** One urgent alert as GET /api/urgent-alerts shows it (shared/http/urgent.ts). */
export type Alert = AlertView;

export const URGENT_ALERTS_KEY = '/api/urgent-alerts';

/** My urgent alerts: the ones I sent (customer) or received (contractor). */
export const $urgentAlerts = createFetcherStore<{ alerts: Alert[] }>([URGENT_ALERTS_KEY]);

/** Reads the list again (after a write, or a retry after a failed read). */
export const reloadUrgentAlerts = () => revalidateKeys(URGENT_ALERTS_KEY);

export type NewAlert = {
  title: string;
  description: string;
  category: string;
  service: string | null;
  postalCode: string;
  baseCents: number;
  multiplier: number;
};

/** Sends an urgent alert; the list is read again. */
export async function sendAlert(alert: NewAlert): Promise<Alert> {
  const response = await apiRequest('POST', URGENT_ALERTS_KEY, alert);
  const { alert: sent } = (await response.json()) as { alert: Alert };
  reloadUrgentAlerts();
  return sent;
}

/** Accepts (contractor) or withdraws (customer) an alert; the list is read again whatever the answer. */
export async function actOnAlert(id: string, kind: 'accept' | 'cancel'): Promise<void> {
  try {
    await apiRequest('POST', `${URGENT_ALERTS_KEY}/${encodeURIComponent(id)}/${kind}`, {});
  } finally {
    reloadUrgentAlerts();
  }
}
