import { DEMO } from '../tests/support/start-app.ts';

/**
 * The signed-in pages of the performance issue's second deliverable (light signed-in pages): every
 * dashboard and detail page, each for the seeded demo account whose page it is. The bench, the
 * Lighthouse run and tests/e2e/signed-in-pages.test.ts sign in through the API and carry the
 * session cookie.
 */
export type SignedInPage = {
  path: string;
  email: string;
  label: string;
  /**
   * The reads the page, rendered per request, puts in its HTML for its visitor
   * (site/lib/first-reads.ts): the browser never asks for them.
   */
  inHtml: readonly string[];
};

/** At most this much JavaScript (gzip) before interaction on each signed-in page. */
export const SIGNED_IN_JS_BUDGET_BYTES = 150 * 1024;
/** Lighthouse's mobile performance score each signed-in page must reach. */
export const SIGNED_IN_LIGHTHOUSE_TARGET = 95;
/**
 * Each signed-in page shows its first data within this long on Lighthouse's mobile profile. The
 * pages put their first reads in the HTML (site/lib/first-reads.ts), so the largest paint is the
 * measure: it is the page's data or painted after it (the bench prints its element).
 */
export const SIGNED_IN_FIRST_DATA_MS = 1_000;

/** The `name=value` pairs of the session the API sets for a sign-in (the value of a Cookie header). */
export async function signInCookie(baseURL: string, email: string, password: string): Promise<string> {
  const response = await fetch(new URL('/api/auth/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

async function getJson<T>(baseURL: string, path: string, cookie: string): Promise<T> {
  const response = await fetch(new URL(path, baseURL), { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The pages, with the demo customer's first booking, contract and work order for the detail pages
 * (the demo seed gives customer@demo.ca each of them).
 */
export async function signedInPages(baseURL: string, password: string): Promise<SignedInPage[]> {
  const cookie = await signInCookie(baseURL, DEMO.customer, password);
  const [bookings, contracts, orders] = await Promise.all([
    getJson<{ id: string }[]>(baseURL, '/api/bookings/mine', cookie),
    getJson<{ contracts: { jobId: string }[] }>(baseURL, '/api/contracts', cookie),
    getJson<{ orders: { id: string }[] }>(baseURL, '/api/work-orders/mine', cookie),
  ]);
  const first = <T>(list: T[], what: string): T => {
    if (list[0] === undefined) throw new Error(`the demo customer has no ${what}`);
    return list[0];
  };
  const contract = first(contracts.contracts, 'contract').jobId;
  const booking = first(bookings, 'booking').id;
  const order = first(orders.orders, 'work order').id;
  return [
    {
      path: '/customer-dashboard',
      email: DEMO.customer,
      label: 'customer dashboard',
      inHtml: ['/api/work-orders/mine', '/api/bookings/mine?when=upcoming'],
    },
    {
      path: '/contractor-dashboard',
      email: DEMO.contractor,
      label: 'contractor dashboard',
      inHtml: ['/api/contractor/crm'],
    },
    { path: '/admin-dashboard', email: DEMO.admin, label: 'admin dashboard', inHtml: ['/api/admin/metrics'] },
    {
      path: '/arbitration-dashboard',
      email: DEMO.admin,
      label: 'arbitration dashboard',
      inHtml: ['/api/admin/disputes?sort=age&state=open'],
    },
    { path: `/contracts/${contract}`, email: DEMO.customer, label: 'contract', inHtml: [`/api/contracts/${contract}`] },
    { path: `/bookings/${booking}`, email: DEMO.customer, label: 'booking', inHtml: [`/api/bookings/${booking}`] },
    {
      path: `/projects/${order}`,
      email: DEMO.customer,
      label: 'work order',
      inHtml: [`/api/work-orders/${order}`, `/api/work-orders/${order}/time-proposals`],
    },
  ];
}

/** One session per account, signed in once (the sign-in route allows 10 a minute per address). */
export function sessionCookies(baseURL: string, password: string) {
  const cookies = new Map<string, Promise<string>>();
  return (email: string) => {
    let cookie = cookies.get(email);
    if (!cookie) {
      cookie = signInCookie(baseURL, email, password);
      cookies.set(email, cookie);
    }
    return cookie;
  };
}
