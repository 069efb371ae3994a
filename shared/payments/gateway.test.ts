import { describe, expect, it } from 'vitest';
import {
  CardInputError,
  GATEWAY_MESSAGES,
  SANDBOX_CARDS,
  cardBrand,
  createSandboxGateway,
  luhnValid,
  recordChargeOrRefund,
  type CardInput,
} from './gateway.ts';

const card = (number: string, expYear = 2030, expMonth = 12): CardInput => ({ number, expMonth, expYear, cvc: '123' });
/** The sandbox's clock: 22 November 2026. */
const now = () => new Date('2026-11-22T12:00:00.000Z');

function sandbox() {
  const gateway = createSandboxGateway({ now });
  const charge = (number: string, idempotencyKey: string, amountCents = 5_000, c: CardInput = card(number)) =>
    gateway.charge({ amountCents, card: c, idempotencyKey, description: 'Escrow for job-1' });
  return { gateway, charge };
}

describe('sandbox gateway: test cards', () => {
  it('is the sandbox', () => {
    expect(createSandboxGateway().name).toBe('sandbox');
    expect(SANDBOX_CARDS).toEqual({
      success: '4242424242424242',
      declined: '4000000000000002',
      insufficientFunds: '4000000000009995',
    });
  });

  it.each(['4242424242424242', '4242 4242 4242 4242', '4242-4242-4242-4242'])(
    'charges 4242… (%s): Visa, last four 4242',
    async (number) => {
      const { charge } = sandbox();
      const result = await charge(number, 'key-success');
      expect(result).toEqual({
        ok: true,
        paymentId: expect.stringMatching(/^ch_[0-9a-f]{24}$/),
        brand: 'visa',
        last4: '4242',
      });
    },
  );

  it('declines 4000…0002', async () => {
    const { charge } = sandbox();
    expect(await charge(SANDBOX_CARDS.declined, 'key-declined')).toEqual({
      ok: false,
      code: 'card_declined',
      last4: '0002',
      message: GATEWAY_MESSAGES.declined,
    });
  });

  it('answers insufficient funds for 4000…9995', async () => {
    const { charge } = sandbox();
    expect(await charge(SANDBOX_CARDS.insufficientFunds, 'key-insufficient')).toEqual({
      ok: false,
      code: 'insufficient_funds',
      last4: '9995',
      message: GATEWAY_MESSAGES.insufficientFunds,
    });
  });

  it.each([
    ['5555555555554444', 'mastercard', '4444'],
    ['2223003122003222', 'mastercard', '3222'],
    ['378282246310005', 'amex', '0005'],
    ['6011111111111117', 'card', '1117'],
  ])('charges any other card that passes Luhn (%s: %s)', async (number, brand, last4) => {
    const { charge } = sandbox();
    expect(await charge(number, `key-${number}`)).toMatchObject({ ok: true, brand, last4 });
  });
});

describe('sandbox gateway: card input errors', () => {
  it.each([
    ['a mistyped last digit', '4242424242424241'],
    ['a swapped pair', '2424424242424242'],
    ['too short', '42424242424'],
    ['too long', '42424242424242424242'],
    ['letters', '4242abcd42424242'],
    ['empty', ''],
  ])('refuses a number that fails Luhn (%s) before charging anything', async (_label, number) => {
    const { gateway, charge } = sandbox();
    const attempt = charge(number, 'key-bad');
    await expect(attempt).rejects.toBeInstanceOf(CardInputError);
    await expect(charge(number, 'key-bad')).rejects.toThrow(GATEWAY_MESSAGES.invalidNumber);
    expect(gateway.ledger.size).toBe(0);
  });

  it.each([
    [2026, 10],
    [2025, 12],
    [2020, 1],
  ])('refuses a card that expired in %i-%i, before charging anything', async (year, month) => {
    const { gateway, charge } = sandbox();
    const attempt = charge(SANDBOX_CARDS.success, 'key-expired', 5_000, card(SANDBOX_CARDS.success, year, month));
    await expect(attempt).rejects.toBeInstanceOf(CardInputError);
    await expect(
      charge(SANDBOX_CARDS.success, 'key-expired', 5_000, card(SANDBOX_CARDS.success, year, month)),
    ).rejects.toThrow(GATEWAY_MESSAGES.expired);
    expect(gateway.ledger.size).toBe(0);
  });

  it.each([
    [2026, 11],
    [2026, 12],
    [2027, 1],
  ])('accepts a card valid through %i-%i (a card is good until the end of its month)', async (year, month) => {
    const { charge } = sandbox();
    expect(
      await charge(SANDBOX_CARDS.success, `key-${year}-${month}`, 5_000, card(SANDBOX_CARDS.success, year, month)),
    ).toMatchObject({ ok: true });
  });

  it('checks the number before the expiry', async () => {
    const { charge } = sandbox();
    await expect(charge('4242424242424241', 'k', 5_000, card('4242424242424241', 2020, 1))).rejects.toThrow(
      GATEWAY_MESSAGES.invalidNumber,
    );
  });
});

describe('sandbox gateway: idempotency', () => {
  it('answers the same key with the identical answer and records one ledger entry', async () => {
    const { gateway, charge } = sandbox();
    const first = await charge(SANDBOX_CARDS.success, 'fund-job-1', 100_000);
    const again = await charge(SANDBOX_CARDS.success, 'fund-job-1', 100_000);
    expect(again).toEqual(first);
    expect(gateway.ledger.size).toBe(1);
    expect(gateway.ledger.get('charge:fund-job-1')).toEqual({ kind: 'charge', amountCents: 100_000, result: first });
  });

  it('replays the first answer for a key even if the retry differs (the caller checks the body)', async () => {
    const { gateway, charge } = sandbox();
    const first = await charge(SANDBOX_CARDS.success, 'fund-job-1', 100_000);
    expect(await charge('5555555555554444', 'fund-job-1', 1)).toEqual(first);
    expect(gateway.ledger.size).toBe(1);
    expect(gateway.ledger.get('charge:fund-job-1')!.amountCents).toBe(100_000);
  });

  it('replays a decline for its key too, and charges under a new key', async () => {
    const { gateway, charge } = sandbox();
    const declined = await charge(SANDBOX_CARDS.declined, 'try-1');
    expect(await charge(SANDBOX_CARDS.declined, 'try-1')).toEqual(declined);
    expect(await charge(SANDBOX_CARDS.success, 'try-2')).toMatchObject({ ok: true });
    expect(gateway.ledger.size).toBe(2);
  });

  it('gives each key its own payment id, the same on every sandbox (ids derive from the key)', async () => {
    const a = await sandbox().charge(SANDBOX_CARDS.success, 'key-a');
    const b = await sandbox().charge(SANDBOX_CARDS.success, 'key-b');
    const aAgain = await sandbox().charge(SANDBOX_CARDS.success, 'key-a');
    if (!a.ok || !b.ok || !aAgain.ok) throw new Error('expected successful charges');
    expect(a.paymentId).not.toBe(b.paymentId);
    expect(aAgain.paymentId).toBe(a.paymentId);
  });

  it('makes refunds idempotent by key', async () => {
    const { gateway } = sandbox();
    const refund = await gateway.refund({ paymentId: 'ch_1', amountCents: 80_000, idempotencyKey: 'job-1-customer' });
    expect(refund).toEqual({ ok: true, reference: expect.stringMatching(/^re_[0-9a-f]{24}$/) });
    expect(await gateway.refund({ paymentId: 'ch_1', amountCents: 80_000, idempotencyKey: 'job-1-customer' })).toEqual(
      refund,
    );
    expect(gateway.ledger.size).toBe(1);
    expect(gateway.ledger.get('refund:job-1-customer')).toEqual({
      kind: 'refund',
      amountCents: 80_000,
      result: refund,
    });
    const other = await gateway.refund({ paymentId: 'ch_2', amountCents: 1_000, idempotencyKey: 'job-2-customer' });
    expect(other.reference).not.toBe(refund.reference);
    expect(gateway.ledger.size).toBe(2);
  });

  it('makes payouts idempotent by key (a retried payout after a crash pays once)', async () => {
    const { gateway } = sandbox();
    const payout = await gateway.payout({
      recipientId: 'contractor-1',
      amountCents: 93_220,
      idempotencyKey: 'job-1-contractor',
    });
    expect(payout).toEqual({ ok: true, reference: expect.stringMatching(/^po_[0-9a-f]{24}$/) });
    for (let i = 0; i < 3; i += 1) {
      expect(
        await gateway.payout({ recipientId: 'contractor-1', amountCents: 93_220, idempotencyKey: 'job-1-contractor' }),
      ).toEqual(payout);
    }
    expect(gateway.ledger.size).toBe(1);
    expect(gateway.ledger.get('payout:job-1-contractor')).toEqual({
      kind: 'payout',
      amountCents: 93_220,
      result: payout,
    });
  });

  it('answers simultaneous calls with one key once', async () => {
    const { gateway } = sandbox();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        gateway.payout({ recipientId: 'contractor-1', amountCents: 500, idempotencyKey: 'same' }),
      ),
    );
    expect(new Set(results.map((r) => r.reference)).size).toBe(1);
    expect(gateway.ledger.size).toBe(1);
  });

  it('keeps charges, refunds and payouts apart even under the same key', async () => {
    const { gateway, charge } = sandbox();
    await charge(SANDBOX_CARDS.success, 'job-1');
    await gateway.refund({ paymentId: 'ch_1', amountCents: 1_000, idempotencyKey: 'job-1' });
    await gateway.payout({ recipientId: 'contractor-1', amountCents: 4_000, idempotencyKey: 'job-1' });
    expect([...gateway.ledger.entries()].map(([key, entry]) => [key, entry.kind, entry.amountCents])).toEqual([
      ['charge:job-1', 'charge', 5_000],
      ['refund:job-1', 'refund', 1_000],
      ['payout:job-1', 'payout', 4_000],
    ]);
  });
});

describe('card helpers', () => {
  it('checks Luhn', () => {
    for (const valid of [
      SANDBOX_CARDS.success,
      SANDBOX_CARDS.declined,
      SANDBOX_CARDS.insufficientFunds,
      '4000056655665556',
      '378282246310005',
    ]) {
      expect(luhnValid(valid), valid).toBe(true);
    }
    for (const invalid of ['4242424242424241', '12345', '', '4242 4242 4242 4242', '0'.repeat(20)]) {
      expect(luhnValid(invalid), invalid).toBe(false);
    }
  });

  it('tells the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5105105105105100')).toBe('mastercard');
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('371449635398431')).toBe('amex');
    expect(cardBrand('6011000990139424')).toBe('card');
  });
});

describe('sandbox gateway: cards on file', () => {
  it('saves a card as a token without its number, then charges the token', async () => {
    const { gateway } = sandbox();
    const saved = await gateway.saveCard(card('4242 4242 4242 4242'));
    expect(saved).toEqual({ paymentMethodId: expect.stringMatching(/^pm_sandbox_/), brand: 'visa', last4: '4242' });
    expect(saved.paymentMethodId).not.toContain('424242424242');
    const first = await gateway.chargeSaved({
      amountCents: 1_900,
      paymentMethodId: saved.paymentMethodId,
      idempotencyKey: 'plan-1:period-2',
      description: 'Local plan',
    });
    expect(first).toEqual({ ok: true, paymentId: expect.stringMatching(/^ch_/), brand: 'visa', last4: '4242' });
    const again = await gateway.chargeSaved({
      amountCents: 1_900,
      paymentMethodId: saved.paymentMethodId,
      idempotencyKey: 'plan-1:period-2',
      description: 'Local plan',
    });
    expect(again).toEqual(first);
  });

  it('keeps what a test card does: a saved 4000…0002 is declined at renewal', async () => {
    const { gateway } = sandbox();
    const saved = await gateway.saveCard(card(SANDBOX_CARDS.declined));
    const result = await gateway.chargeSaved({
      amountCents: 1_900,
      paymentMethodId: saved.paymentMethodId,
      idempotencyKey: 'k',
      description: 'Local plan',
    });
    expect(result).toMatchObject({ ok: false, code: 'card_declined', last4: '0002' });
  });

  it('refuses an invalid card before saving it, and a token it never issued', async () => {
    const { gateway } = sandbox();
    await expect(gateway.saveCard(card('4242424242424241'))).rejects.toThrow(GATEWAY_MESSAGES.invalidNumber);
    await expect(gateway.saveCard(card('4242424242424242', 2020, 1))).rejects.toThrow(GATEWAY_MESSAGES.expired);
    await expect(
      gateway.chargeSaved({ amountCents: 100, paymentMethodId: 'pm_forged', idempotencyKey: 'x', description: '' }),
    ).rejects.toThrow(GATEWAY_MESSAGES.unknownSavedCard);
  });
});

describe('recordChargeOrRefund', () => {
  it('keeps a charge whose record is appended, and refunds one whose record is refused, once', async () => {
    const gateway = createSandboxGateway();
    const success = card(SANDBOX_CARDS.success, 2099);
    const kept = await gateway.charge({
      amountCents: 1_000,
      card: success,
      idempotencyKey: 'kept',
      description: 'test',
    });
    const lost = await gateway.charge({
      amountCents: 2_000,
      card: success,
      idempotencyKey: 'lost',
      description: 'test',
    });
    if (!kept.ok || !lost.ok) throw new Error('the sandbox declined the success card');
    expect(
      await recordChargeOrRefund(gateway, { paymentId: kept.paymentId, amountCents: 1_000 }, async () => 'ok'),
    ).toBe('ok');
    const refused = new Error('the escrow moved on');
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(
        recordChargeOrRefund(gateway, { paymentId: lost.paymentId, amountCents: 2_000 }, async () => {
          throw refused;
        }),
      ).rejects.toBe(refused);
    }
    const refunds = [...gateway.ledger.values()].filter((entry) => entry.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 2_000 })]);
  });
});
