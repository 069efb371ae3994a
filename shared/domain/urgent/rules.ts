/**
 * Urgent alerts (docs/product.md#urgent-alerts): a customer on Local or higher sends an urgent job with
 * a premium of 1x to 3x the normal price; it goes to paid contractors near the work, and the first
 * to accept gets the job at the premium price. One source for the decider, the API and the form.
 */

/** The premium multiplier in percent of the base price: 1x to 3x, in quarter steps. */
export const URGENT_MULTIPLIER = { minPct: 100, maxPct: 300, stepPct: 25 } as const;

/** How long an alert waits for a contractor before it lapses. */
export const URGENT_ALERT_TTL_MS = 4 * 60 * 60 * 1000;

/** Contractors reached by one alert, nearest first (a bound on the broadcast). */
export const URGENT_MAX_RECIPIENTS = 50;

/** The price with the premium, in whole cents (half a cent rounds up, in the contractor's favour). */
export function urgentPrice(baseCents: number, multiplierPct: number): { priceCents: number; premiumCents: number } {
  const priceCents = Math.round((baseCents * multiplierPct) / 100);
  return { priceCents, premiumCents: priceCents - baseCents };
}

export const URGENT_MESSAGES = {
  multiplier: 'The urgent premium must be from 1x to 3x, in steps of 0.25x',
  base: 'The normal price must be more than $0 and at most $1,000,000',
  paidPlanToSend: 'Urgent alerts need the Local plan or higher. Upgrade to Local for $19/month.',
  paidPlanToAccept: 'Accepting urgent alerts needs a paid plan. Upgrade to Local for $19/month.',
  nobodyNearby:
    'No contractor on a paid plan offers this service near you right now. Post a regular work order instead.',
  notFound: 'This urgent alert was not found',
  alreadySent: 'This urgent alert was already sent',
  notForYou: 'This urgent alert was not sent to you',
  onlyCustomerCancels: 'Only the customer who sent this urgent alert can cancel it',
  taken: 'Another contractor already accepted this urgent job',
  expired: 'This urgent alert has expired',
  cancelled: 'This urgent alert was cancelled',
  acceptedAlready: 'This urgent alert was already accepted: cancel the job from its work order',
} as const;
