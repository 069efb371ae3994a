import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  bpsToPercent,
  formatCardNumber,
  formatExpiryInput,
  parseExpiry,
  paymentFailureText,
  pcmToPercent,
} from './card.ts';

describe('card input', () => {
  it('groups the number by four and drops anything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42a4')).toBe('424');
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4);
  });

  it('reads MM/YY and MM/YYYY expiries and refuses impossible months', () => {
    expect(parseExpiry('12/29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry(' 3 / 2031 ')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('00/29')).toBeNull();
    expect(parseExpiry('1229')).toBeNull();
  });

  it('puts the slash in as the expiry is typed', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('122')).toBe('12/2');
    expect(formatExpiryInput('12/299')).toBe('12/29');
  });

  it('turns stored rates into percentages', () => {
    expect(pcmToPercent(9_975)).toBe(9.975);
    expect(pcmToPercent(13_000)).toBe(13);
    expect(bpsToPercent(350)).toBe(3.5);
  });

  describe('a failed payment, in words', () => {
    const m = {
      payNetwork: 'network',
      payDeclined: 'declined',
      payInsufficient: 'insufficient',
      payNothingCharged: 'Nothing was charged.',
    };
    const refusal = (status: number, error: string) => new ApiError(status, JSON.stringify({ error }), '');

    it('tells a network failure apart from any answer', () => {
      expect(paymentFailureText(new TypeError('Failed to fetch'), null, m, 'fallback')).toBe('network');
    });

    it('tells a known gateway code by its own text', () => {
      expect(paymentFailureText(refusal(402, 'Your card was declined.'), 'card_declined', m, 'f')).toBe('declined');
      expect(paymentFailureText(refusal(402, 'x'), 'insufficient_funds', m, 'f')).toBe('insufficient');
    });

    it('says nothing was charged after the server’s words for any other refusal of the card', () => {
      expect(paymentFailureText(refusal(402, 'Votre carte a été refusée.'), null, m, 'f')).toBe(
        'Votre carte a été refusée. Nothing was charged.',
      );
    });

    it('answers the server’s message, else the fallback, for other errors', () => {
      expect(paymentFailureText(refusal(400, 'The card number is not valid.'), null, m, 'f')).toBe(
        'The card number is not valid.',
      );
      expect(paymentFailureText(new ApiError(500, '', 'Internal Server Error'), null, m, 'fallback')).toBe('fallback');
    });
  });
});
