import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provinceCodes, type ProvinceCode } from '../../geo/provinces.ts';
import type { ContractTerms } from './events.ts';
import {
  CURRENT_TEMPLATE_VERSION,
  ESCROW_TIMERS,
  contractMoney,
  languageOrder,
  renderContract,
  sha256Hex,
} from './template.ts';

const NBSP = '\u00a0';
const SEPARATOR = '\n----------------------------------------\n\n';
/** Monday 4 May 2026, 10:00 in Toronto. */
const generatedAt = '2026-05-04T14:00:00.000Z';

const terms = (overrides: Partial<ContractTerms> = {}): ContractTerms => ({
  jobId: 'job-0001',
  jobKind: 'work-order',
  title: 'Paint a two-bedroom apartment',
  scope: 'Two bedrooms and a hallway, walls only. Paint is supplied.',
  priceCents: 100_000,
  schedule: null,
  customer: { userId: 'user-customer', province: 'ON' },
  contractor: { userId: 'user-contractor', province: 'ON' },
  governingProvince: 'ON',
  ...overrides,
});

/** A contract made before template v2: its events named the parties. */
const legacyTerms = (t: ContractTerms = terms()): ContractTerms => ({
  ...t,
  customer: { ...t.customer, name: 'Chloé Tremblay' },
  contractor: { ...t.contractor, name: 'José O’Neil' },
});

const withProvinces = (customer: ProvinceCode | null, contractor: ProvinceCode, governing: ProvinceCode = contractor) =>
  terms({
    customer: { ...terms().customer, province: customer },
    contractor: { ...terms().contractor, province: contractor },
    governingProvince: governing,
  });

const render = (t: ContractTerms = terms(), meta = { version: 1, generatedAt }) => renderContract(t, meta);
const doc = (t: ContractTerms, language: 'en' | 'fr', meta = { version: 1, generatedAt }) => {
  const rendered = render(t, meta);
  const found = rendered.documents.find((d) => d.language === language)!;
  return `${found.title}\n${found.sections.map((s) => `${s.heading}\n${s.paragraphs.join('\n')}`).join('\n')}`;
};

describe('contract template: languages (Bill 96)', () => {
  it.each([
    ['both in Ontario', withProvinces('ON', 'ON')],
    ['a customer of unknown province', withProvinces(null, 'BC')],
    ['a New Brunswick contractor (bilingual, not Quebec)', withProvinces('NB', 'NB')],
  ])('is English first for %s', (_label, t) => {
    const rendered = render(t);
    expect(rendered.languages).toEqual(['en', 'fr']);
    expect(rendered.documents.map((d) => d.language)).toEqual(['en', 'fr']);
    expect(rendered.text.startsWith('Contract for services — Paint a two-bedroom apartment\n')).toBe(true);
  });

  it.each([
    ['the customer is in Quebec', withProvinces('QC', 'ON')],
    ['the contractor is in Quebec', withProvinces('ON', 'QC')],
    ['both are in Quebec', withProvinces('QC', 'QC')],
    ['the contractor is in Quebec and the customer unknown', withProvinces(null, 'QC')],
  ])('is French first when %s', (_label, t) => {
    const rendered = render(t);
    expect(rendered.languages).toEqual(['fr', 'en']);
    expect(languageOrder(t)).toEqual(['fr', 'en']);
    expect(rendered.documents.map((d) => d.language)).toEqual(['fr', 'en']);
    expect(rendered.text.startsWith('Contrat de services — Paint a two-bedroom apartment\n')).toBe(true);
  });

  it('holds both versions, in order, separated by one rule, and says both are authoritative', () => {
    const rendered = render();
    const parts = rendered.text.split(SEPARATOR);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toContain(
      'This contract is written in French and in English. Both versions are equally authoritative.',
    );
    expect(parts[1]).toContain('Les deux versions font également foi.');
    expect(rendered.text.endsWith('\n')).toBe(true);
    // The same eleven numbered sections in each language.
    for (const d of rendered.documents) expect(d.sections).toHaveLength(12);
  });
});

describe('contract template: the exact text and its hash', () => {
  it('is deterministic: the same terms give the same text and hash', () => {
    const a = render();
    const b = render(terms());
    expect(b.text).toBe(a.text);
    expect(b.textHash).toBe(a.textHash);
    expect(a.textHash).toBe(sha256Hex(a.text));
    expect(a.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.templateVersion).toBe(CURRENT_TEMPLATE_VERSION);
  });

  it('does not depend on the order of the keys in the terms', () => {
    const t = terms();
    const reordered = Object.fromEntries(Object.entries(t).reverse()) as ContractTerms;
    expect(render(reordered).textHash).toBe(render(t).textHash);
  });

  it('changes the hash with one character of the scope, and with any term or the version', () => {
    const base = render().textHash;
    const variants: [string, string][] = [
      ['one more character in the scope', render(terms({ scope: `${terms().scope}!` })).textHash],
      [
        'one character changed in the scope',
        render(terms({ scope: terms().scope.replace('walls', 'Walls') })).textHash,
      ],
      ['a price one cent higher', render(terms({ priceCents: 100_001 })).textHash],
      ['another title', render(terms({ title: 'Paint a two-bedroom apartmen' })).textHash],
      ['another governing province', render(withProvinces('ON', 'ON', 'MB')).textHash],
      ['version 2', render(terms(), { version: 2, generatedAt }).textHash],
      ['another day', render(terms(), { version: 1, generatedAt: '2026-05-05T14:00:00.000Z' }).textHash],
    ];
    for (const [label, hash] of variants) expect(hash, label).not.toBe(base);
  });

  it('hashes any scope deterministically, and two different scopes differently (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (a, b) => {
        const ha = render(terms({ scope: a })).textHash;
        expect(render(terms({ scope: a })).textHash).toBe(ha);
        if (a !== b) expect(render(terms({ scope: b })).textHash).not.toBe(ha);
      }),
      { numRuns: 100 },
    );
  });

  it('renders with an explicit current version the same as with the default', () => {
    expect(renderContract(terms(), { version: 1, generatedAt }, 'v2').textHash).toBe(render().textHash);
  });

  it('throws on a template version that does not exist', () => {
    for (const version of ['v0', 'v3', 'V1', '']) {
      expect(() => renderContract(terms(), { version: 1, generatedAt }, version)).toThrow(RangeError);
    }
    expect(() => renderContract(terms(), { version: 1, generatedAt }, 'v9')).toThrow('unknown contract template v9');
  });
});

describe('contract template: content', () => {
  it('identifies the parties by account, and gives the version and the generation day (in Toronto)', () => {
    const en = doc(withProvinces('QC', 'ON'), 'en');
    expect(en).toContain('Customer: the holder of account user-customer (Quebec).');
    expect(en).toContain('Contractor: the holder of account user-contractor (Ontario).');
    expect(en).toContain('Contract job-0001, version 1, template v2, generated May 4, 2026.');
    const fr = doc(withProvinces('QC', 'ON'), 'fr');
    expect(fr).toContain('Client : le titulaire du compte user-customer (Québec).');
    expect(fr).toContain('Contrat job-0001, version 1, modèle v2, généré le 4 mai 2026.');
    // 02:00 UTC on May 1 is still April 30 in Toronto; the first of a month is "1er" in French.
    const lateNight = { version: 3, generatedAt: '2026-05-01T02:00:00.000Z' };
    expect(doc(terms(), 'en', lateNight)).toContain('version 3, template v2, generated April 30, 2026.');
    expect(doc(terms(), 'fr', { version: 1, generatedAt: '2026-05-01T12:00:00.000Z' })).toContain(
      'généré le 1er mai 2026',
    );
    // A customer whose province is unknown is identified without one.
    expect(doc(withProvinces(null, 'ON'), 'en')).toContain('Customer: the holder of account user-customer.');
  });

  it('hashes no name: names handed in with the terms do not change the v2 text', () => {
    const rendered = render(legacyTerms());
    expect(rendered.textHash).toBe(render().textHash);
    expect(rendered.text).not.toMatch(/Chlo|Neil/);
    expect(rendered.text).toContain('the platform keeps the typed name and the browser used');
  });

  it('still renders a v1 contract exactly as it was signed, names included', () => {
    const v1 = (t: ContractTerms) => renderContract(t, { version: 1, generatedAt }, 'v1');
    const en = v1(legacyTerms(withProvinces('QC', 'ON'))).text;
    expect(en).toContain('Customer: Chloé Tremblay (Quebec), account user-customer.');
    expect(en).toContain('Contractor: José O’Neil (Ontario), account user-contractor.');
    expect(en).toContain('Contract job-0001, version 1, template v1, generated May 4, 2026.');
    expect(en).toContain('Client : Chloé Tremblay (Québec), compte user-customer.');
    expect(en).toContain('Each signature records the time, the SHA-256 hash of this exact text and the browser used.');
    expect(v1(legacyTerms()).textHash).not.toBe(render().textHash);
    // A read model that dropped the names renders a v1 text without them, which no longer matches.
    expect(v1(terms()).text).toContain('Customer: Former member (Ontario), account user-customer.');
    expect(v1(terms()).textHash).not.toBe(v1(legacyTerms()).textHash);
  });

  it('holds the scope and the price in both languages', () => {
    const rendered = render();
    expect(doc(terms(), 'en')).toContain('Two bedrooms and a hallway, walls only. Paint is supplied.');
    expect(doc(terms(), 'en')).toContain(
      'The customer pays $1,000.00 (Canadian dollars) for the work described above.',
    );
    expect(doc(terms(), 'fr')).toContain(`Le client paie 1${NBSP}000,00${NBSP}$ (dollars canadiens)`);
    expect(rendered.text.match(/Two bedrooms and a hallway/g)).toHaveLength(2);
  });

  it('says when the price is not set, and gives no fee for this job then', () => {
    const en = doc(terms({ priceCents: null }), 'en');
    expect(en).toContain('The price is not set yet. This contract cannot be signed until the parties set it.');
    expect(en).not.toContain('For this job');
    expect(doc(terms({ priceCents: null }), 'fr')).toContain('Le prix n’est pas encore fixé.');
  });

  it.each([
    [100, '$1.00', '8%', '5%'],
    [49_999, '$499.99', '8%', '5%'],
    [50_000, '$500.00', '6%', '4%'],
    [100_000, '$1,000.00', '6%', '4%'],
    [199_999, '$1,999.99', '6%', '4%'],
    [200_000, '$2,000.00', '5%', '3.5%'],
    [499_999, '$4,999.99', '5%', '3.5%'],
    [500_000, '$5,000.00', '4%', '3%'],
    [100_000_000, '$1,000,000.00', '4%', '3%'],
  ])('gives the fee tier for a price of %i cents (%s): %s, %s arbitrated', (price, money, rate, arbitrated) => {
    expect(doc(terms({ priceCents: price }), 'en')).toContain(
      `For this job (${money}) the fee is ${rate} (${arbitrated} on an arbitrated case).`,
    );
  });

  it('gives the fee line in French with a comma and a no-break space', () => {
    expect(doc(terms(), 'fr')).toContain(
      `Pour ces travaux (1${NBSP}000,00${NBSP}$), les frais sont de 6${NBSP}% (4${NBSP}% pour un dossier arbitré).`,
    );
    expect(doc(terms({ priceCents: 300_000 }), 'fr')).toContain(
      `les frais sont de 5${NBSP}% (3,5${NBSP}% pour un dossier arbitré)`,
    );
  });

  it('lists both fee scales in full', () => {
    const en = doc(terms(), 'en');
    expect(en).toContain(
      'On a job completed normally it is: $0.00 to $499.99: 8%; $500.00 to $1,999.99: 6%; $2,000.00 to $4,999.99: 5%; $5,000.00 and over: 4%.',
    );
    expect(en).toContain(
      'on the amount released to the contractor: $0.00 to $499.99: 5%; $500.00 to $1,999.99: 4%; $2,000.00 to $4,999.99: 3.5%; $5,000.00 and over: 3%.',
    );
  });

  it.each([
    ['AB', 'Alberta', 'GST 5%'],
    ['NT', 'Northwest Territories', 'GST 5%'],
    ['NU', 'Nunavut', 'GST 5%'],
    ['YT', 'Yukon', 'GST 5%'],
    ['ON', 'Ontario', 'HST 13%'],
    ['NB', 'New Brunswick', 'HST 15%'],
    ['NL', 'Newfoundland and Labrador', 'HST 15%'],
    ['PE', 'Prince Edward Island', 'HST 15%'],
    ['NS', 'Nova Scotia', 'HST 14%'],
    ['BC', 'British Columbia', 'GST 5% + PST 7%'],
    ['MB', 'Manitoba', 'GST 5% + RST 7%'],
    ['SK', 'Saskatchewan', 'GST 5% + PST 6%'],
    ['QC', 'Quebec', 'GST 5% + QST 9.975%'],
  ] as const)('names the tax on the fee for a contractor in %s', (province, name, taxes) => {
    // The customer is elsewhere: the tax follows the contractor.
    const t = withProvinces(province === 'AB' ? 'BC' : 'AB', province, 'ON');
    expect(doc(t, 'en')).toContain(`follows the contractor’s province (${name}: ${taxes} today)`);
  });

  it('covers every province in the tax clause', () => {
    for (const province of provinceCodes) {
      expect(doc(withProvinces('ON', province), 'en')).toMatch(/\((?:[^()]+): (?:GST|HST) \d/);
    }
  });

  it('names the taxes the French way in French', () => {
    expect(doc(withProvinces('QC', 'QC'), 'fr')).toContain(`(Québec : GST 5${NBSP}% + QST 9,975${NBSP}% aujourd’hui)`);
  });

  it('quotes the rate in force on the day it is generated (Nova Scotia, 2025)', () => {
    const ns = withProvinces('NS', 'NS');
    expect(doc(ns, 'en', { version: 1, generatedAt: '2025-03-15T15:00:00.000Z' })).toContain(
      '(Nova Scotia: HST 15% today)',
    );
    expect(doc(ns, 'en', { version: 1, generatedAt: '2025-04-15T15:00:00.000Z' })).toContain(
      '(Nova Scotia: HST 14% today)',
    );
  });

  it('holds the escrow timers, the cancellation policy and the dispute clause', () => {
    const en = doc(terms(), 'en');
    expect(en).toContain(`within ${ESCROW_TIMERS.autoReleaseDays} days of completion`);
    expect(en).toContain(`No payment is held longer than ${ESCROW_TIMERS.holdLimitDays} days`);
    expect(en).toContain('Cancelling more than 24 hours before the start is free');
    expect(en).toContain('a human arbitrator makes a binding final decision');
    expect(en).toContain('AI-assisted analysis');
    expect(doc(terms(), 'fr')).toContain('un arbitre humain rend une décision finale exécutoire');
  });

  it('holds the platform disclaimer in both languages', () => {
    const en = doc(terms(), 'en');
    for (const line of [
      'The platform is not liable for the quality or results of services.',
      'Transactions are between the customer and the contractor.',
      'Disputes go to arbitration services or legal means.',
    ]) {
      expect(en).toContain(line);
    }
    const fr = doc(terms(), 'fr');
    for (const line of [
      'La plateforme n’est pas responsable de la qualité ni des résultats des services.',
      'Les transactions se font entre le client et l’entrepreneur.',
      'Les litiges sont soumis aux services d’arbitrage ou aux recours judiciaires.',
    ]) {
      expect(fr).toContain(line);
    }
  });

  it.each([
    ['ON', 'Ontario', 'Ontario'],
    ['QC', 'Quebec', 'Québec'],
    ['PE', 'Prince Edward Island', 'Île-du-Prince-Édouard'],
    ['NT', 'Northwest Territories', 'Territoires du Nord-Ouest'],
  ] as const)('names the governing province %s', (province, en, fr) => {
    const t = withProvinces('ON', 'ON', province);
    expect(doc(t, 'en')).toContain(`This contract is governed by the laws of ${en} and the federal laws of Canada`);
    expect(doc(t, 'fr')).toContain(`régi par les lois de la province ou du territoire suivant : ${fr},`);
  });

  it('writes the schedule in the job’s time zone, or says the calendar will hold it', () => {
    const scheduled = terms({
      schedule: { startsAt: '2026-06-01T13:00:00Z', endsAt: '2026-06-01T17:30:00Z', timeZone: 'America/Toronto' },
    });
    expect(doc(scheduled, 'en')).toContain(
      'The work is scheduled on June 1, 2026 from 09:00 to 13:30 (America/Toronto).',
    );
    expect(doc(scheduled, 'fr')).toContain(
      'Les travaux sont prévus le 1er juin 2026 de 09 h 00 à 13 h 30 (America/Toronto).',
    );
    expect(doc(terms(), 'en')).toContain('The parties book the date of the work through the platform’s calendar');
  });
});

describe('contract money formatting', () => {
  it.each([
    [123_456, '$1,234.56', `1${NBSP}234,56${NBSP}$`],
    [0, '$0.00', `0,00${NBSP}$`],
    [5, '$0.05', `0,05${NBSP}$`],
    [100, '$1.00', `1,00${NBSP}$`],
    [99_999, '$999.99', `999,99${NBSP}$`],
    [100_000, '$1,000.00', `1${NBSP}000,00${NBSP}$`],
    [100_000_000, '$1,000,000.00', `1${NBSP}000${NBSP}000,00${NBSP}$`],
  ])('%i cents is %s and %s', (cents, en, fr) => {
    expect(contractMoney(cents, 'en')).toBe(en);
    expect(contractMoney(cents, 'fr')).toBe(fr);
  });

  it('is exactly the brief’s examples', () => {
    expect(contractMoney(123456, 'fr')).toBe('1\u00a0234,56\u00a0$');
    expect(contractMoney(123456, 'en')).toBe('$1,234.56');
  });

  it('round-trips every amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(Number(contractMoney(cents, 'en').replace(/[$,]/g, '').replace('.', ''))).toBe(cents);
        expect(
          Number(
            contractMoney(cents, 'fr')
              .replace(/[\u00a0$]/g, '')
              .replace(',', ''),
          ),
        ).toBe(cents);
      }),
      { numRuns: 300 },
    );
  });
});
