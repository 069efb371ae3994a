import type { CreateWorkOrderBody } from '../../shared/http/work.ts';

const painting = {
  title: 'Paint a two-bedroom apartment',
  description: 'Two bedrooms and a hallway, walls only. Paint is supplied.',
  category: 'painting',
  service: 'painting',
  postalCode: 'M5V 2T6',
  remote: false,
  budgetMinCents: 80_000,
  budgetMaxCents: 120_000,
  preferredDates: [],
  photos: [],
  mode: 'bids',
} satisfies CreateWorkOrderBody;

/** The work order the API suites and browser journeys post: painting in Toronto, open for bids, $800 to $1,200. */
export const paintingOrder = (overrides: Record<string, unknown> = {}) => ({
  ...painting,
  ...overrides,
});
