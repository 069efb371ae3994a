import type { EmailLanguage } from './events.ts';

/**
 * The consent sentences shown above the e-mail switches, by version. A changed sentence gets a
 * new version id (old ids stay, so a recorded consent can always be shown as it was given);
 * the event records the exact text shown.
 */
export const emailConsentWordings = {
  'email-consent-2026-01': {
    en: 'I agree to receive e-mail notifications from Marketplace for the types I turn on below. I can withdraw my consent at any time on this page or with the unsubscribe link in every e-mail.',
    fr: 'J’accepte de recevoir de Marketplace des notifications par courriel pour les types que j’active ci-dessous. Je peux retirer mon consentement en tout temps sur cette page ou avec le lien de désabonnement présent dans chaque courriel.',
  },
} as const satisfies Record<string, Record<EmailLanguage, string>>;

export type EmailConsentWordingVersion = keyof typeof emailConsentWordings;
export const emailConsentWordingVersions = Object.keys(emailConsentWordings) as EmailConsentWordingVersion[];
/** The version the preferences page shows now. */
export const CURRENT_EMAIL_CONSENT_VERSION: EmailConsentWordingVersion = 'email-consent-2026-01';
