import { defineMessages } from '../index.ts';

/**
 * What any create may answer besides its own refusals (site/lib/server-messages.ts): an abuse
 * limit's 429 (shared/abuse-limits.ts) and an Idempotency-Key refusal (shared/idempotency.ts).
 * English pages show the server's text as it is; these are the French versions.
 */
export const serverLimitMessages = defineMessages({
  en: {
    tooOften: 'You are doing this too often. Please wait {wait} and try again.',
    oneSecond: '1 second',
    seconds: '{count} seconds',
    minutes: '{count} minutes',
    keyReused: 'This Idempotency-Key was already used for a different request.',
    stillRunning: 'A request with this Idempotency-Key is still being processed. Retry in a moment.',
  },
  fr: {
    tooOften: 'Vous faites cette action trop souvent. Veuillez patienter {wait} et réessayer.',
    oneSecond: '1 seconde',
    seconds: '{count} secondes',
    minutes: '{count} minutes',
    keyReused: 'Cette demande a déjà été envoyée avec un autre contenu. Rechargez la page et réessayez.',
    stillRunning: 'Votre demande précédente est encore en traitement. Réessayez dans un instant.',
  },
});
