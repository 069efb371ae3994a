import type { WorkOrder } from '../work/api.ts';

export type DashboardCounts = {
  openOrders: number;
  proposalsWaiting: number;
};

/**
 * What the overview counts from the customer's work orders: orders still looking for a contractor
 * (open), and the proposals on open bids-mode orders that wait for the customer's decision.
 */
export function countOrders(orders: readonly Pick<WorkOrder, 'status' | 'mode' | 'proposalCount'>[]): DashboardCounts {
  const open = orders.filter((order) => order.status === 'open');
  return {
    openOrders: open.length,
    proposalsWaiting: open
      .filter((order) => order.mode === 'bids')
      .reduce((sum, order) => sum + order.proposalCount, 0),
  };
}
