import { describe, expect, it } from 'vitest';
import { PLAN_FLAG_KEYS, PLAN_LIMIT_KEYS } from '../../../shared/domain/plans/catalogue.ts';
import {
  badgeGroups,
  boostCards,
  calculatorBounds,
  comparisonRows,
  feeExample,
  feeResult,
  feeTierRows,
  howItWorksSteps,
  paidAgeRule,
  planCards,
  whyJoin,
} from './content.ts';

// Intl puts narrow no-break spaces in French; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('pricing content derived from the catalogue and the fee tiers', () => {
  it('prices the four plans, with Pro and Enterprise not yet offered and Enterprise at $129', () => {
    const cards = planCards('en');
    expect(cards.map((card) => [card.name, card.price, card.available])).toEqual([
      ['Starter', 'Free', true],
      ['Local', '$19/month', true],
      ['Pro', '$49/month', false],
      ['Enterprise', '$129/month', false],
    ]);
    expect(plain(planCards('fr')[3]!.price)).toBe('129 $/mois');
  });

  it('writes unlimited limits as words and lists only the features a plan has', () => {
    const [starter, local] = planCards('en');
    expect(starter!.limits.map((limit) => limit.value)).toEqual(['3', '5', '5', 'None']);
    expect(local!.limits.map((limit) => limit.value)).toEqual(['Unlimited', '10', 'Unlimited', '3']);
    expect(starter!.features).toEqual(['Bidding on projects']);
    expect(planCards('en')[3]!.features).toHaveLength(PLAN_FLAG_KEYS.length);
  });

  it('compares every limit and feature for every plan, booleans with words', () => {
    const rows = comparisonRows('en');
    expect(rows.map((row) => row.key)).toEqual([...PLAN_LIMIT_KEYS, ...PLAN_FLAG_KEYS]);
    const api = rows.find((row) => row.key === 'hasApiAccess')!;
    expect(api.cells.map((cell) => [cell.included, cell.text])).toEqual([
      [false, 'Not included'],
      [false, 'Not included'],
      [false, 'Not included'],
      [true, 'Included'],
    ]);
    expect(rows.find((row) => row.key === 'maxGalleryBillboards')!.cells.map((cell) => cell.text)).toEqual([
      'None',
      '3',
      '10',
      'Unlimited',
    ]);
  });

  it('shows the boosts with the first 7-day boost free', () => {
    expect(boostCards('en').map((boost) => [boost.title, boost.price, boost.firstFree])).toEqual([
      ['7-day boost', '$5', 'Your first one is free'],
      ['30-day featured listing', '$15', null],
      ['90-day premium listing', '$45', null],
    ]);
    expect(boostCards('fr')[1]!.title).toBe('Annonce en vedette de 30 jours');
  });

  it('splits the badges into free performance badges and paid verified ones, each named and described', () => {
    const groups = badgeGroups('fr');
    expect(groups.map((group) => group.kind)).toEqual(['performance', 'verified']);
    for (const badge of groups.flatMap((group) => group.badges)) {
      expect(badge.name).not.toBe('');
      expect(badge.about).not.toBe('');
    }
  });

  it('labels the fee tiers from their bounds, the upper bound exclusive', () => {
    expect(feeTierRows('en').map((row) => [row.range, row.rate])).toEqual([
      ['Under $500', '8%'],
      ['$500 to $1,999.99', '6%'],
      ['$2,000 to $4,999.99', '5%'],
      ['$5,000 and over', '4%'],
    ]);
    expect(plain(feeTierRows('fr')[1]!.range)).toBe('De 500 $ à 1 999,99 $');
  });

  it('computes the $3,000 example: 5 %, a $150.00 fee, $2,850.00 to the contractor', () => {
    expect(feeExample('en')).toMatchObject({
      title: 'Example: a $3,000 job',
      percent: '5%',
      fee: '$150.00',
      receives: '$2,850.00',
    });
  });

  it('gives the calculator result to the cent for accepted values', () => {
    expect(feeResult(50, 'en')).toMatchObject({ tierId: 'under-500', percent: '8%', fee: '$4.00', receives: '$46.00' });
    expect(feeResult(1_250.5, 'en')).toMatchObject({ percent: '6%', fee: '$75.03', receives: '$1,175.47' });
    expect(feeResult(10_000, 'en')).toMatchObject({ percent: '4%', fee: '$400.00', receives: '$9,600.00' });
    expect(calculatorBounds('en')).toEqual({ min: '$50', max: '$10,000' });
  });

  it('states the ages, the fee span and the three steps with the spec’s timings', () => {
    expect(paidAgeRule('en')).toBe('Paid plans require you to be 18 or older. Basic use is open from age 15.');
    expect(whyJoin('en')[0]!.about).toContain('From 8% down to 4%');
    const steps = howItWorksSteps('en');
    expect(steps).toHaveLength(3);
    expect(steps[0]!.about).toContain('5-10 minutes');
    expect(steps[2]!.about).toContain('1-2 business days after approval');
  });
});
