import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  POSTAL_CODE_MESSAGE,
  POSTAL_CODE_PATTERN,
  cityName,
  distanceKm,
  lookupCity,
  lookupPostalCode,
  normalizePostalCode,
  resolveLocation,
  searchCities,
} from './index.ts';
import { provinceCodes } from './provinces.ts';
import { cityTable } from './data/cities.ts';
import { fsaTable } from './data/fsa.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = fc.constantFrom(...LETTERS.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));
const separator = fc.constantFrom('', ' ', '-');
const anyCode = fc
  .tuple(letter, digit, letter, separator, digit, letter, digit, fc.boolean())
  .map(([a, b, c, sep, d, e, f, lower]) => {
    const code = `${a}${b}${c}${sep}${d}${e}${f}`;
    return lower ? code.toLowerCase() : code;
  });

describe('normalizePostalCode', () => {
  it('uses the issue’s message verbatim', () => {
    expect(POSTAL_CODE_MESSAGE).toBe('Please enter a valid Canadian postal code (A1A 1A1)');
  });

  it('accepts lower case, a space or a hyphen, and answers "A1A 1A1"', () => {
    expect(normalizePostalCode('k1a0b1')).toBe('K1A 0B1');
    expect(normalizePostalCode('K1A 0B1')).toBe('K1A 0B1');
    expect(normalizePostalCode('K1A-0B1')).toBe('K1A 0B1');
    expect(normalizePostalCode('  m5v 3l9 ')).toBe('M5V 3L9');
  });

  it('refuses wrong shapes', () => {
    for (const bad of ['', 'K1A', 'K1A0B', 'K1A 0B12', '11A 0B1', 'KAA 0B1', 'K1A  0B1', 'K1A_0B1', '12345']) {
      expect(normalizePostalCode(bad), bad).toBeNull();
    }
  });

  it('refuses D, F, I, O, Q, U anywhere and W, Z first', () => {
    for (const bad of [
      'D1A 0B1',
      'K1D 0B1',
      'K1A 0F1',
      'I1A 0B1',
      'K1O 0B1',
      'K1A 0Q1',
      'U1A 0B1',
      'W1A 0B1',
      'Z1A 0B1',
    ]) {
      expect(normalizePostalCode(bad), bad).toBeNull();
    }
    expect(normalizePostalCode('K1W 0Z1')).toBe('K1W 0Z1');
  });

  it('every normalized code matches the pattern, and it is valid exactly when its letters are allowed', () => {
    fc.assert(
      fc.property(anyCode, (input) => {
        const out = normalizePostalCode(input);
        const upper = input.toUpperCase().replace(/[\s-]/g, '');
        const lettersOk = !/[DFIOQU]/.test(upper) && !/[WZ]/.test(upper[0]!);
        if (out === null) {
          expect(lettersOk).toBe(false);
        } else {
          expect(out).toMatch(POSTAL_CODE_PATTERN);
          expect(out.replace(' ', '')).toBe(upper);
          expect(lettersOk).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyCode, (input) => {
        const out = normalizePostalCode(input);
        if (out) expect(normalizePostalCode(out)).toBe(out);
      }),
    );
  });
});

describe('lookupPostalCode', () => {
  it.each([
    ['M5V 3L9', 'Toronto', 'ON'],
    ['h2x1y4', 'Montréal', 'QC'],
    ['V6B 1A1', 'Vancouver', 'BC'],
    ['B3H 4R2', 'Halifax', 'NS'],
    ['A1C 5M2', "St. John's", 'NL'],
    ['Y1A 1A1', 'Whitehorse', 'YT'],
    ['X0A 0H0', 'Iqaluit', 'NU'],
    ['X1A 2L9', 'Yellowknife', 'NT'],
    ['G1R 4P5', 'Quebec City', 'QC'],
    ['K2K 1X5', 'Ottawa', 'ON'],
    ['H7N 5H9', 'Laval', 'QC'],
    ['E1A 1A1', 'Dieppe', 'NB'],
    ['C1A 1A1', 'Charlottetown', 'PE'],
  ])('%s is in %s, %s', (code, city, province) => {
    const place = lookupPostalCode(code);
    expect(place).toMatchObject({
      city,
      province,
      postalCode: normalizePostalCode(code),
      fsa: code.slice(0, 3).toUpperCase(),
    });
  });

  it('places Toronto M5V downtown', () => {
    const place = lookupPostalCode('M5V 3L9')!;
    expect(distanceKm(place, { lat: 43.6426, lng: -79.3871 })).toBeLessThan(5); // CN Tower
  });

  it('accepts a bare FSA', () => {
    expect(lookupPostalCode('v6b')).toMatchObject({ fsa: 'V6B', postalCode: null, city: 'Vancouver' });
  });

  it('answers null for an invalid code or an FSA that is not in use', () => {
    expect(lookupPostalCode('not a code')).toBeNull();
    expect(lookupPostalCode('H0H 0H0')).toBeNull(); // Santa Claus's, not a place
    expect(lookupPostalCode('Y9Z 1A1')).toBeNull();
  });
});

describe('lookupCity', () => {
  it('finds cities by English or French name, ignoring accents and case', () => {
    expect(lookupCity('Montréal')).toMatchObject({ city: 'Montréal', province: 'QC' });
    expect(lookupCity('montreal')).toMatchObject({ city: 'Montréal', province: 'QC' });
    expect(lookupCity('Quebec City')).toMatchObject({ city: 'Quebec City', province: 'QC' });
    expect(lookupCity('Québec')).toMatchObject({ city: 'Quebec City', province: 'QC' });
    expect(lookupCity('Grand Sudbury')).toMatchObject({ city: 'Greater Sudbury', province: 'ON' });
    expect(lookupCity('st johns')).toMatchObject({ city: "St. John's", province: 'NL' });
    expect(lookupCity('TROIS-RIVIERES')).toMatchObject({ city: 'Trois-Rivières' });
    expect(lookupCity('Iqaluit')).toMatchObject({ province: 'NU' });
  });

  it('picks the province when asked, by argument or by a ", XX" suffix', () => {
    expect(lookupCity('Stratford')).toMatchObject({ province: 'ON' });
    expect(lookupCity('Stratford', 'PE')).toMatchObject({ province: 'PE' });
    expect(lookupCity('Stratford, PE')).toMatchObject({ province: 'PE' });
    expect(lookupCity('Toronto', 'QC')).toBeNull();
  });

  it('answers null for an unknown name', () => {
    expect(lookupCity('Atlantis')).toBeNull();
    expect(lookupCity('   ')).toBeNull();
  });

  it('puts the city centres where the cities are', () => {
    const toronto = lookupCity('Toronto')!;
    expect(distanceKm(toronto, { lat: 43.6532, lng: -79.3832 })).toBeLessThan(15);
    const montreal = lookupCity('Montréal')!;
    expect(distanceKm(montreal, { lat: 45.5019, lng: -73.5674 })).toBeLessThan(15);
    const iqaluit = lookupCity('Iqaluit')!;
    expect(distanceKm(iqaluit, { lat: 63.7467, lng: -68.517 })).toBeLessThan(5);
  });
});

describe('searchCities', () => {
  it('suggests larger cities first', () => {
    expect(searchCities('tor').map((c) => c.city)[0]).toBe('Toronto');
    expect(searchCities('mont', 3).map((c) => c.city)).toEqual(['Montréal', expect.any(String), expect.any(String)]);
    expect(searchCities('que')[0]).toMatchObject({ city: 'Quebec City' });
  });

  it('matches a later word and respects the limit', () => {
    expect(searchCities('john').map((c) => c.city)).toEqual(expect.arrayContaining(["St. John's", 'Saint John']));
    expect(searchCities('s', 5)).toHaveLength(5);
    expect(searchCities('')).toEqual([]);
  });
});

describe('cityName', () => {
  it('names the city in French where it differs', () => {
    expect(cityName({ city: 'Quebec City', province: 'QC' }, 'fr-CA')).toBe('Québec');
    expect(cityName({ city: 'Quebec City', province: 'QC' }, 'en')).toBe('Quebec City');
    expect(cityName({ city: 'Calgary', province: 'AB' }, 'fr')).toBe('Calgary');
  });
});

describe('distanceKm', () => {
  it('measures Toronto to Ottawa at about 350 km', () => {
    const d = distanceKm(lookupCity('Toronto')!, lookupCity('Ottawa')!);
    expect(d).toBeGreaterThan(335);
    expect(d).toBeLessThan(365);
  });

  it('is zero to itself, symmetric and matches a known distance', () => {
    const vancouver = { lat: 49.2827, lng: -123.1207 };
    const halifax = { lat: 44.6488, lng: -63.5752 };
    expect(distanceKm(vancouver, vancouver)).toBe(0);
    expect(distanceKm(vancouver, halifax)).toBeCloseTo(distanceKm(halifax, vancouver), 9);
    expect(distanceKm(vancouver, halifax)).toBeGreaterThan(4400);
    expect(distanceKm(vancouver, halifax)).toBeLessThan(4450);
  });
});

describe('the shipped tables', () => {
  it('cover every province and territory', () => {
    for (const code of provinceCodes) {
      expect(
        fsaTable.some((r) => r[4] === code),
        code,
      ).toBe(true);
      expect(
        cityTable.some((r) => r[2] === code),
        code,
      ).toBe(true);
    }
    expect(cityTable.length).toBeGreaterThanOrEqual(150);
  });

  it('keep every centroid inside Canada and every name clean', () => {
    for (const [fsa, lat, lng, city] of fsaTable) {
      expect(lat, fsa).toBeGreaterThan(41);
      expect(lat, fsa).toBeLessThan(84);
      expect(lng, fsa).toBeGreaterThan(-142);
      expect(lng, fsa).toBeLessThan(-52);
      expect(city, fsa).not.toMatch(/[()\uFFFD/]/);
    }
  });
});

describe('resolveLocation (the onboarding location)', () => {
  it('takes a postal code, an FSA, or a city with or without its province', () => {
    expect(resolveLocation(' k1a 0b1 ')).toMatchObject({ postalCode: 'K1A 0B1', fsa: 'K1A', province: 'ON' });
    expect(resolveLocation('K1A')).toMatchObject({ postalCode: null, fsa: 'K1A' });
    const montreal = resolveLocation('Montréal, QC');
    expect(montreal).toMatchObject({ postalCode: null, city: 'Montréal', province: 'QC' });
    expect(montreal!.fsa).toMatch(/^H\d[A-Z]$/);
    expect(resolveLocation('montreal')).toMatchObject({ city: 'Montréal', fsa: montreal!.fsa });
  });

  it('answers null for text that names no known Canadian place', () => {
    expect(resolveLocation('Atlantis')).toBeNull();
    expect(resolveLocation('   ')).toBeNull();
    expect(resolveLocation('D1A 1A1')).toBeNull();
  });
});
