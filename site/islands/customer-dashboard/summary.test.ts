import { describe, expect, it } from 'vitest';
import { countOrders } from './summary.ts';

describe('countOrders', () => {
  it('counts open orders and the proposals waiting on open bids-mode orders only', () => {
    expect(
      countOrders([
        { status: 'open', mode: 'bids', proposalCount: 2 },
        { status: 'open', mode: 'direct', proposalCount: 0 },
        { status: 'awarded', mode: 'bids', proposalCount: 3 },
        { status: 'open', mode: 'bids', proposalCount: 1 },
        { status: 'cancelled', mode: 'bids', proposalCount: 4 },
      ]),
    ).toEqual({ openOrders: 3, proposalsWaiting: 3 });
  });

  it('is zero for no orders', () => {
    expect(countOrders([])).toEqual({ openOrders: 0, proposalsWaiting: 0 });
  });
});
