import { describe, expect, it } from 'vitest';
import { formatCad, formatPercent, formatPrice } from './money.ts';

// Intl puts narrow no-break spaces in French; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money formatting', () => {
  it('writes CAD cents in English and French Canadian style', () => {
    expect(formatCad(300_000, 'en')).toBe('$3,000.00');
    expect(plain(formatCad(300_000, 'fr'))).toBe('3 000,00 $');
  });

  it('drops the cents of whole prices only', () => {
    expect(formatPrice(19_00, 'en')).toBe('$19');
    expect(formatPrice(19_50, 'en')).toBe('$19.50');
  });

  it('writes percentages', () => {
    expect(formatPercent(6, 'en')).toBe('6%');
    expect(plain(formatPercent(9.975, 'fr'))).toBe('9,975 %');
  });
});
