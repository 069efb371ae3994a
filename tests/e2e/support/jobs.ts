import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { waitUntil } from '../../support/wait.ts';
import { paintingOrder } from '../../support/work-order-body.ts';

/**
 * The customer posts a job (the painting order, with `order` changed), the contractor bids $1,000,
 * the customer accepts (all through the API). `beforeAccept` runs with the job's id just before the
 * acceptance (a page opened before the contract exists, say).
 */
export async function awardedJob(
  customer: BrowserContext,
  contractor: BrowserContext,
  order: Record<string, unknown> = {},
  beforeAccept?: (jobId: string) => Promise<void>,
): Promise<string> {
  const posted = await customer.request.post('/api/work-orders', {
    data: paintingOrder(order),
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const orderId = ((await posted.json()) as { workOrder: { id: string } }).workOrder.id;
  const proposed = await contractor.request.post(`/api/work-orders/${orderId}/proposals`, {
    data: {
      priceCents: 100_000,
      durationHours: 16,
      earliestStart: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      message: 'Two painters, two days, clean finish guaranteed.',
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const proposalId = ((await proposed.json()) as { proposal: { id: string } }).proposal.id;
  await beforeAccept?.(orderId);
  const accepted = await customer.request.post(`/api/work-orders/${orderId}/proposals/${proposalId}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  return orderId;
}

/** Signs the job's contract through the API once the money process has generated it. */
export async function signViaApi(context: BrowserContext, jobId: string, name: string) {
  const contract = await waitUntil(
    async () => {
      const response = await context.request.get(`/api/contracts/${jobId}`);
      return response.ok() ? ((await response.json()) as { version: number; rendered: { textHash: string } }) : null;
    },
    { timeoutMs: 20_000, message: 'the contract was not generated' },
  );
  const signed = await context.request.post(`/api/contracts/${jobId}/sign`, {
    data: { version: contract.version, textHash: contract.rendered.textHash, typedName: name, consent: true },
  });
  expect(signed.status(), await signed.text()).toBe(200);
}

/** Pays the escrow with the sandbox's success card once the money process has created it. */
export async function fundViaApi(customer: BrowserContext, jobId: string) {
  await waitUntil(async () => (await customer.request.get(`/api/escrows/${jobId}`)).ok(), {
    timeoutMs: 20_000,
    message: 'the escrow was not created',
  });
  const funded = await customer.request.post(`/api/escrows/${jobId}/fund`, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' } },
  });
  expect(funded.status(), await funded.text()).toBe(200);
}
