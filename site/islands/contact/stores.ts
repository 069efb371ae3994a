import { atom, computed } from 'nanostores';
import type { ContactBody, ContactInbox } from '../../../shared/http/contact.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore } from '../../lib/query.ts';
import { $session } from '../../stores/session.ts';

/**
 * The contact form's message (POST /api/contact) and the admin dashboard's inbox
 * (GET /api/admin/contact-messages, api/modules/contact), a page at a time: each page is a cached
 * read, fetched once the session is an administrator's.
 */
export const INBOX_PAGE_SIZE = 20;

/** The first message of the page shown. */
export const $inboxOffset = atom(0);

const $inboxUrl = computed([$session, $inboxOffset], (session, offset) =>
  session.status === 'authenticated' && session.user.role === 'admin'
    ? `/api/admin/contact-messages?limit=${INBOX_PAGE_SIZE}&offset=${offset}`
    : null,
);
export const $contactInbox = createFetcherStore<ContactInbox>([$inboxUrl]);

export async function sendContactMessage(body: ContactBody) {
  await apiRequest('POST', '/api/contact', body);
}
