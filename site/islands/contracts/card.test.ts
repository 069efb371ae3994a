import { describe, expect, it } from 'vitest';
import { bpsToPercent, formatCardNumber, formatExpiryInput, parseExpiry, pcmToPercent } from './card.ts';

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
});
