/**
 * The verified credential badges (docs/product.md#plans): a document a contractor on a paid plan uploads
 * and an admin checks. Each approved one shows until its expiry date.
 */
export const credentialKinds = ['licensed', 'insured', 'background-checked'] as const;
export type CredentialKind = (typeof credentialKinds)[number];

export const isCredentialKind = (value: string): value is CredentialKind =>
  (credentialKinds as readonly string[]).includes(value);
