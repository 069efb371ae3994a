import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.ts';

describe('shared Intl formatters', () => {
  it('builds one formatter per language and options, and reuses it', () => {
    const first = numberFormat('fr-CA', { maximumFractionDigits: 1 });
    expect(numberFormat('fr-CA', { maximumFractionDigits: 1 })).toBe(first);
    expect(numberFormat('en-CA', { maximumFractionDigits: 1 })).not.toBe(first);
    expect(numberFormat('fr-CA', { maximumFractionDigits: 2 })).not.toBe(first);
    const date = dateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' })).toBe(date);
    expect(dateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'America/Toronto' })).not.toBe(date);
  });

  it('formats exactly as a new formatter with the same arguments would', () => {
    expect(numberFormat('fr-CA', { maximumFractionDigits: 1 }).format(4.56)).toBe(
      new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 1 }).format(4.56),
    );
    const when = new Date('2026-11-25T12:00:00Z');
    expect(dateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(when)).toBe('25 novembre 2026');
    expect(dateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(when)).toBe('November 25, 2026');
  });
});

describe('dates read the same on the server and in the browser', () => {
  it('writes ranges and times with plain spaces, as Chromium does, where Node puts narrow and thin ones', () => {
    const options = { timeZone: 'America/Toronto', hour: 'numeric', minute: '2-digit' } as const;
    const start = new Date('2026-11-28T16:00:00Z');
    const end = new Date('2026-11-28T19:00:00Z');
    expect(dateTimeFormat('en-CA', options).formatRange(start, end)).toBe('11:00 a.m.–2:00 p.m.');
    expect(dateTimeFormat('fr-CA', options).formatRange(start, end)).toBe('11 h 00 – 14 h 00');
  });
});
