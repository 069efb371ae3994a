/**
 * Canadian postal codes without the centroid table (shared/geo/), so a browser bundle and the HTTP
 * shapes can validate one without shipping the data. The first letter is never D, F, I, O, Q, U,
 * W or Z; the others never D, F, I, O, Q or U.
 */
export const POSTAL_CODE_MESSAGE = 'Please enter a valid Canadian postal code (A1A 1A1)';

export const POSTAL_CODE_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;
export const FSA_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]$/;

/** 'k1a0b1', 'K1A 0B1' and 'K1A-0B1' become 'K1A 0B1'; anything that is not a valid code is null. */
export function normalizePostalCode(input: string): string | null {
  const parts = /^\s*([a-z]\d[a-z])[\s-]?(\d[a-z]\d)\s*$/i.exec(input);
  if (!parts) return null;
  const code = `${parts[1]!.toUpperCase()} ${parts[2]!.toUpperCase()}`;
  return POSTAL_CODE_PATTERN.test(code) ? code : null;
}

/** A full postal code's or a bare FSA's first three characters, upper case; null if neither. */
export function fsaOf(input: string): string | null {
  const code = normalizePostalCode(input);
  if (code) return code.slice(0, 3);
  const fsa = input.trim().toUpperCase();
  return FSA_PATTERN.test(fsa) ? fsa : null;
}
