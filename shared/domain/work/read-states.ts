/**
 * The states the work-orders read model shows (projections/work-orders.ts) and the browse orders
 * it sorts by: pure constants, so the HTTP shapes (shared/http/work.ts) can name them.
 */
export const workOrderStatuses = ['open', 'awarded', 'scheduled', 'completed', 'declined', 'cancelled'] as const;
export type WorkOrderReadStatus = (typeof workOrderStatuses)[number];

export const workOrderMoneyStatuses = [
  'awaiting-payment',
  'funded',
  'completed',
  'released',
  'disputed',
  'decided',
  'refunded',
  'cancelled',
] as const;
export type WorkOrderMoneyStatus = (typeof workOrderMoneyStatuses)[number];

export const proposalStatuses = ['live', 'withdrawn', 'accepted', 'declined'] as const;
export type ProposalReadStatus = (typeof proposalStatuses)[number];

export const browseSorts = ['newest', 'budget', 'distance'] as const;
export type BrowseSort = (typeof browseSorts)[number];
