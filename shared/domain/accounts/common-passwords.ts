import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords from real leaks, as maintained by zxcvbn-ts (about 49,000, lower
 * case, most common first). Compared without case: `Password` is as guessable as `password`.
 */
let commonPasswords: ReadonlySet<string> | null = null;

/** The set is built on the first sign-up, not at start (about 49,000 entries). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}
