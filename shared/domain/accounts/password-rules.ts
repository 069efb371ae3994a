/**
 * Password rules beyond the length (docs/product.md#accounts: at least 8 characters). Pure and small, so the
 * sign-up form runs the same checks as the server; the common-password list itself stays on the
 * server (common-passwords.ts), as it is far too large for a page.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose one that is harder to guess.';
export const REPEATED_CHARACTER_PASSWORD_MESSAGE =
  'A password cannot be one character repeated. Please choose one that is harder to guess.';

/** `aaaaaaaa`, `11111111`, `😀😀😀😀😀😀😀😀`: one character (a code point), however often. */
export function isOneRepeatedCharacter(password: string): boolean {
  return /^(.)\1*$/su.test(password);
}
