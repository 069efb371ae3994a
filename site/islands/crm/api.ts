import { computed } from 'nanostores';
import type { ContractorProfileView } from '../../../shared/http/catalogue.ts';
import type { CrmView } from '../../../shared/http/crm.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';
import { $session } from '../../stores/session.ts';

/** What GET /api/contractor/crm answers (shared/http/crm.ts). Money in CAD cents. */
export type Crm = CrmView;
export type LeadKind = Crm['leads'][number]['kind'];
export type Stage = Crm['pipeline']['items'][number]['stage'];
export const stages: readonly Stage[] = ['lead', 'quoted', 'booked', 'in_progress', 'completed', 'paid'];

export const crmUrl = '/api/contractor/crm';

/** The CRM overview; a saved note refetches it. */
export const $crm = createFetcherStore<Crm>([crmUrl]);

/** Fetches the CRM again (its "Try again"). */
export const reloadCrm = () => revalidateKeys(crmUrl);

/** The signed-in contractor's public profile (badges and rating for the plan tab); none signed out. */
const $profileUrl = computed($session, (session) =>
  session.status === 'authenticated' ? `/api/contractors/${session.user.id}` : null,
);
export const $myPublicProfile = createFetcherStore<ContractorProfileView>([$profileUrl]);

export const crmApi = {
  /** Saves a private note about a client, then refetches the CRM that shows it. */
  saveNote: async (customerId: string, note: string | null) => {
    const saved = await apiRequest('PUT', `/api/contractor/crm/clients/${encodeURIComponent(customerId)}/note`, {
      note,
    });
    void revalidateKeys(crmUrl);
    return saved;
  },
};

/** Where a lead is answered. */
export function leadHref(kind: LeadKind, sourceId: string): string {
  switch (kind) {
    case 'booking_request':
      return `/bookings/${sourceId}`;
    case 'bid':
    case 'direct_request':
      return `/projects/${sourceId}`;
    case 'urgent_alert':
      return '/urgent-alerts';
    case 'message':
      return '/messages';
    case 'barter':
      return '/platform#barter-trades';
  }
}
