import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInUpsells, upsellFamily, upsellsAnswer } from './upsells.ts';

describe('the built-in upsell generator', () => {
  it('finds the service’s family from its words, in English or French, accents and case ignored', () => {
    expect(upsellFamily('Weekly house cleaning')).toBe('cleaning');
    expect(upsellFamily('Ménage résidentiel')).toBe('cleaning');
    expect(upsellFamily('LAWN MOWING')).toBe('outdoor');
    expect(upsellFamily('déneigement de l’entrée')).toBe('outdoor');
    expect(upsellFamily('dog walking twice a day')).toBe('pets');
    expect(upsellFamily('Promenade de chiens')).toBe('pets');
    expect(upsellFamily('cours de musique')).toBe('lessons');
    expect(upsellFamily('plumbing repairs')).toBe('repairs');
    expect(upsellFamily('interior painting')).toBe('painting');
    expect(upsellFamily('grocery delivery')).toBe('errands');
    expect(upsellFamily('astrology readings')).toBe('general');
  });

  it('answers in the reader’s language with the catalogue’s CAD prices', () => {
    const en = builtInUpsells('house cleaning', 'en');
    const fr = builtInUpsells('house cleaning', 'fr');
    expect(en.map((u) => u.price)).toEqual([15, 10, 12, 8, 20]);
    expect(en[0]).toEqual({
      name: 'Eco-friendly products',
      description: 'Certified green cleaning products, safe for children and pets.',
      price: 15,
    });
    expect(fr[0]!.name).toBe('Produits écologiques');
    expect(fr.map((u) => u.price)).toEqual(en.map((u) => u.price));
  });

  it('always answers something the API’s schema accepts, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.constantFrom('en' as const, 'fr' as const), (text, locale) => {
        expect(upsellsAnswer.safeParse({ upsells: builtInUpsells(text, locale) }).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
