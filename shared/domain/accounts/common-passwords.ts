import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords from real leaks, as maintained by zxcvbn-ts (about 49,000, lower
 * case, most common first). Compared without case: `Password` is as guessable as `password`.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
