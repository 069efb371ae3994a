/**
 * Builds the shipped geography tables under shared/geo/data/ from the devDependency `zipcodes`
 * (lib/codesCanada.js: one centroid per Canadian forward sortation area, BSD licence, © 2007 Dav
 * Glass). Runtime code never loads the package; rerun this after upgrading it:
 *
 *   node --import tsx scripts/build-geo-data.ts
 *
 * What it does to the source:
 * - the province comes from the FSA's first letter (X: the source's territory field, NT or NU);
 * - the source's place names are descriptive ("Calgary (rundle / Whitehorn)", "Plateau Mont-royal
 *   Southeast", "Eastern Alberta (st. Paul)") and lost their accents (U+FFFD). Each FSA gets the
 *   municipality it belongs to: a known municipality or one of its former towns and boroughs
 *   (scripts/geo/municipalities.ts), else the town a rural FSA names in brackets, else the name
 *   without its brackets and compass words, its accents restored from a word list;
 * - the city table is the curated municipalities plus every other municipality with an urban FSA;
 *   its centre is the mean of the municipality's urban FSA centroids (the second character is not
 *   0), else the curated `at`.
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProvinceCode } from '../shared/geo/provinces.ts';
import { fsaCityOverrides, fsaFixes, municipalities, nameFixes, type Municipality } from './geo/municipalities.ts';

type SourceRow = { zip: string; latitude: number; longitude: number; city: string; state: string };

const require = createRequire(import.meta.url);
const source = (require('zipcodes/lib/codesCanada.js') as { codes: Record<string, SourceRow> }).codes;
const sourceVersion = (require('zipcodes/package.json') as { version: string }).version;
const outDir = path.resolve(import.meta.dirname, '../shared/geo/data');

const provinceByLetter: Record<string, ProvinceCode> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

function provinceOf(row: SourceRow): ProvinceCode {
  const letter = row.zip[0]!;
  if (letter === 'X') return /nunavut/i.test(row.state) ? 'NU' : 'NT';
  const province = provinceByLetter[letter];
  if (!province) throw new Error(`No province for FSA ${row.zip}`);
  return province;
}

// ---------------------------------------------------------------------------------------------
// Names

const LOST = '\uFFFD';

/** Comparison key: no accents, lower case, words separated by one space, St/Ste spelled out. */
function key(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .replace(new RegExp(`[^a-z0-9${LOST}]+`, 'g'), ' ')
    .trim()
    .split(' ')
    .map((w) => (w === 'st' ? 'saint' : w === 'ste' ? 'sainte' : w))
    .join(' ');
}

/** Does `needle` (a clean key) occur in `hay` (a source key where U+FFFD matches any letter) as whole words? */
function occurs(hay: string, needle: string): boolean {
  for (let start = 0; start + needle.length <= hay.length; start++) {
    if (start > 0 && hay[start - 1] !== ' ') continue;
    const end = start + needle.length;
    if (end < hay.length && hay[end] !== ' ') continue;
    let same = true;
    for (let i = 0; i < needle.length && same; i++) {
      const h = hay[start + i]!;
      same = h === needle[i] || h === LOST;
    }
    if (same) return true;
  }
  return false;
}

/** Words whose accents the source lost; any other lost letter is taken as é. */
const accentedWords = [
  'Rivière',
  'Rivières',
  'Jonquière',
  'Chaudière',
  'Lanaudière',
  'Thérèse',
  'Geneviève',
  'Adèle',
  'Hébert',
  'Hébertville',
  'Pocatière',
  'Laterrière',
  'Îles',
  'Île',
  'Côte',
  'Grâce',
  'François',
  'Émard',
  'Émile',
  'Épiphanie',
  'Jérôme',
  'Dorothée',
  'Châteauguay',
  'Lamèque',
  'Pelé',
  'Gaspé',
  'Gaspésie',
  'Québec',
  'Lévis',
  'Félicien',
  'Léonard',
  'Valère',
  'Vallée',
  'Trinité',
  'Montérégie',
  'Témiscamingue',
  'Métabetchouan',
  'Bélair',
  'Mère',
  'Région',
  'Estrie',
  'Sœurs',
  'Soeurs',
];

function restoreAccents(word: string): string {
  if (!word.includes(LOST)) return word;
  const lower = word.toLowerCase();
  const known = accentedWords.find(
    (w) => w.length === word.length && occurs(lower.replace(/[^a-z\uFFFD]/g, ' '), key(w)),
  );
  if (known) return word[0] === word[0]!.toUpperCase() ? known : known.toLowerCase();
  return word.replaceAll(LOST, 'é');
}

const lowerParticles = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'sur',
  'aux',
  'au',
  'en',
  'et',
  'and',
  'of',
  'the',
]);

/** "saint-jean- sur-richelieu" → "Saint-Jean-sur-Richelieu", "mary's harbour" → "Mary's Harbour". */
function titleCase(name: string): string {
  const tidy = name.replace(/-\s+/g, '-').replace(/\s+/g, ' ').trim();
  let first = true;
  return tidy.replace(/[^\s-]+/g, (raw) => {
    const word = restoreAccents(raw).toLowerCase();
    const isFirst = first;
    first = false;
    if (!isFirst && lowerParticles.has(word)) return word;
    const elided = /^([ld])'(.+)$/.exec(word);
    if (elided) return `${isFirst ? elided[1]!.toUpperCase() : elided[1]}'${cap(elided[2]!)}`;
    return cap(word);
  });
}

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const noiseWords =
  /\b(north|south|east|west|northeast|northwest|southeast|southwest|central|downtown|inner|outer|upper|lower|mid|region|outskirts|extremities|rcm|provincial government|.*provincial government)\b/gi;

function stripNoise(name: string): string {
  return name
    .replace(
      /\b[A-Z][a-z]+ (?:British Columbia|Nova Scotia|New Brunswick|Manitoba|Saskatchewan|Prince Edward Island|Newfoundland & Labrador) Provincial Government\b/g,
      '',
    )
    .replace(noiseWords, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s/&-]+|[\s/&-]+$/g, '')
    .trim();
}

type Candidate = { municipality: Municipality; key: string };

const candidatesByProvince = new Map<ProvinceCode, Candidate[]>();
for (const municipality of municipalities) {
  const list = candidatesByProvince.get(municipality.province) ?? [];
  for (const name of [municipality.name, ...(municipality.aliases ?? [])]) list.push({ municipality, key: key(name) });
  candidatesByProvince.set(municipality.province, list);
}
for (const list of candidatesByProvince.values()) list.sort((a, b) => b.key.length - a.key.length);

function knownIn(text: string, province: ProvinceCode): Municipality | null {
  const hay = key(text);
  if (!hay) return null;
  return candidatesByProvince.get(province)?.find((c) => occurs(hay, c.key))?.municipality ?? null;
}

function cityOf(row: SourceRow, province: ProvinceCode): string {
  const override = fsaCityOverrides[row.zip] ?? fsaFixes[row.zip]?.city;
  if (override) return override;
  const name = guessCity(row, province);
  return nameFixes[name] ?? name;
}

function guessCity(row: SourceRow, province: ProvinceCode): string {
  const rural = row.zip[1] === '0';
  const inBrackets = /\(([^)]*)\)/.exec(row.city)?.[1] ?? '';
  const outside = row.city.replace(/\([^)]*\)/g, ' ');
  if (rural) {
    if (inBrackets) return knownIn(inBrackets, province)?.name ?? titleCase(inBrackets.split('/')[0]!);
    return knownIn(outside, province)?.name ?? titleCase(stripNoise(outside));
  }
  if (row.zip[0] === 'M') return 'Toronto';
  const known = knownIn(outside, province) ?? knownIn(row.city, province);
  if (known) return known.name;
  // Montréal's boroughs and neighbourhoods, and Laval's (H7), are named without their city.
  if (row.zip[0] === 'H') return row.zip[1] === '7' ? 'Laval' : 'Montréal';
  return titleCase(stripNoise(outside));
}

// ---------------------------------------------------------------------------------------------
// Tables

const round = (n: number) => Math.round(n * 10_000) / 10_000;

type FsaRow = [fsa: string, lat: number, lng: number, city: string, province: ProvinceCode];
const fsaRows: FsaRow[] = [];
for (const row of Object.values(source)) {
  if (/reserved/i.test(row.city)) continue; // H0H is Santa Claus's
  if (!/^[A-Z]\d[A-Z]$/.test(row.zip)) throw new Error(`Unexpected FSA ${row.zip}`);
  const province = provinceOf(row);
  const fix = fsaFixes[row.zip];
  const [lat, lng] = fix ? [fix.lat, fix.lng] : [row.latitude, row.longitude];
  const inCanada = Number.isFinite(lat) && Number.isFinite(lng) && lat > 41 && lat < 84 && lng > -142 && lng < -52;
  if (!inCanada) throw new Error(`FSA ${row.zip} has no usable centroid: add it to fsaFixes`);
  fsaRows.push([row.zip, round(lat), round(lng), cityOf(row, province), province]);
}
fsaRows.sort((a, b) => a[0].localeCompare(b[0]));

type CityRow = [name: string, fr: string | null, province: ProvinceCode, lat: number, lng: number];
const urban = new Map<string, FsaRow[]>();
for (const row of fsaRows) {
  if (row[0][1] === '0') continue;
  const k = `${row[4]}|${row[3]}`;
  urban.set(k, [...(urban.get(k) ?? []), row]);
}

const cityRows: CityRow[] = [];
const missing: string[] = [];
const centre = (rows: FsaRow[]): [number, number] => [
  round(rows.reduce((s, r) => s + r[1], 0) / rows.length),
  round(rows.reduce((s, r) => s + r[2], 0) / rows.length),
];
for (const m of municipalities) {
  const rows = urban.get(`${m.province}|${m.name}`);
  urban.delete(`${m.province}|${m.name}`);
  const at = rows ? centre(rows) : m.at;
  if (!at) {
    missing.push(`${m.name} (${m.province})`);
    continue;
  }
  cityRows.push([m.name, m.fr ?? null, m.province, at[0], at[1]]);
}
if (missing.length) throw new Error(`No urban FSA and no \`at\` for: ${missing.join(', ')}`);
// Every other municipality with an urban FSA, larger ones (more FSAs) first.
for (const rows of [...urban.values()].sort((a, b) => b.length - a.length || a[0]![3].localeCompare(b[0]![3]))) {
  const [lat, lng] = centre(rows);
  cityRows.push([rows[0]![3], null, rows[0]![4], lat, lng]);
}

const header = `// Generated by scripts/build-geo-data.ts — do not edit by hand.
// Source: the npm package zipcodes ${sourceVersion}, lib/codesCanada.js (Canadian FSA centroids),
// BSD licence, Copyright (c) 2007, Dav Glass <davglass@gmail.com>. Place names cleaned to their
// municipality; curated municipalities and their centres from scripts/geo/municipalities.ts.
import type { ProvinceCode } from '../provinces.ts';
`;

writeFileSync(
  path.join(outDir, 'fsa.ts'),
  `${header}
/** [FSA, latitude, longitude, municipality, province], sorted by FSA. */
export const fsaTable: ReadonlyArray<readonly [string, number, number, string, ProvinceCode]> = ${JSON.stringify(fsaRows)};
`,
);
writeFileSync(
  path.join(outDir, 'cities.ts'),
  `${header}
/** [name, French name if different, province, latitude, longitude], larger municipalities first. */
export const cityTable: ReadonlyArray<readonly [string, string | null, ProvinceCode, number, number]> = ${JSON.stringify(cityRows)};
`,
);
writeFileSync(
  path.join(outDir, 'french-names.ts'),
  `${header}
/** [name, province, French name] for the cities whose French name differs (small enough for a browser). */
export const frenchCityNames: ReadonlyArray<readonly [string, ProvinceCode, string]> = ${JSON.stringify(
    cityRows.filter((row) => row[1] !== null).map((row) => [row[0], row[2], row[1]]),
  )};
`,
);
console.log(`${fsaRows.length} FSAs, ${cityRows.length} cities (${municipalities.length} curated)`);
