import { describe, expect, it } from 'vitest';
import { abuseLimitMessage } from '../../shared/abuse-limits.ts';
import { IDEMPOTENCY_MESSAGES } from '../../shared/idempotency.ts';
import { format } from '../i18n/index.ts';
import { serverLimitMessages } from '../i18n/messages/server-limits.ts';
import { ApiError } from './api.ts';
import { abuseLimitMessageOf, localizeCreateMessage, localizedMessageOf } from './server-messages.ts';

const refused = (status: number, error: string) => new ApiError(status, JSON.stringify({ error }), '');

describe('messages any create may answer', () => {
  it('puts the abuse limit in French with its wait, in seconds or minutes', () => {
    expect(localizeCreateMessage(abuseLimitMessage(1), 'fr')).toBe(
      'Vous faites cette action trop souvent. Veuillez patienter 1 seconde et réessayer.',
    );
    expect(localizeCreateMessage(abuseLimitMessage(45), 'fr')).toBe(
      'Vous faites cette action trop souvent. Veuillez patienter 45 secondes et réessayer.',
    );
    expect(localizeCreateMessage(abuseLimitMessage(3540), 'fr')).toBe(
      'Vous faites cette action trop souvent. Veuillez patienter 59 minutes et réessayer.',
    );
  });

  it('matches what the server writes, word for word, in English', () => {
    const en = serverLimitMessages.en;
    expect(abuseLimitMessage(1)).toBe(format(en.tooOften, { wait: en.oneSecond }));
    expect(abuseLimitMessage(45)).toBe(format(en.tooOften, { wait: format(en.seconds, { count: 45 }) }));
    expect(abuseLimitMessage(600)).toBe(format(en.tooOften, { wait: format(en.minutes, { count: 10 }) }));
    expect(IDEMPOTENCY_MESSAGES.reused).toBe(en.keyReused);
    expect(IDEMPOTENCY_MESSAGES.inFlight).toBe(en.stillRunning);
    expect(localizeCreateMessage(abuseLimitMessage(45), 'en')).toBe(abuseLimitMessage(45));
  });

  it('translates the Idempotency-Key refusals and leaves other messages as the server wrote them', () => {
    expect(localizeCreateMessage(IDEMPOTENCY_MESSAGES.inFlight, 'fr')).toBe(serverLimitMessages.fr.stillRunning);
    expect(localizeCreateMessage(IDEMPOTENCY_MESSAGES.reused, 'fr')).toBe(serverLimitMessages.fr.keyReused);
    expect(localizeCreateMessage('Discussion not found.', 'fr')).toBe('Discussion not found.');
  });

  it('reads the message from a failed call, with the fallback when there is none', () => {
    expect(localizedMessageOf(refused(429, abuseLimitMessage(45)), 'Échec', 'fr')).toMatch(/^Vous faites/);
    expect(localizedMessageOf(new TypeError('Failed to fetch'), 'Échec', 'fr')).toBe('Échec');
    expect(abuseLimitMessageOf(refused(429, abuseLimitMessage(45)), 'fr')).toMatch(/45 secondes/);
    expect(
      abuseLimitMessageOf(refused(429, 'Too many attempts. Please wait 4 seconds and try again.'), 'fr'),
    ).toBeNull();
    expect(abuseLimitMessageOf(refused(400, 'Please fill in all fields.'), 'fr')).toBeNull();
  });

  it('shows the abuse limit the server already wrote in French as it is', () => {
    const french = format(serverLimitMessages.fr.tooOften, { wait: '45 secondes' });
    expect(abuseLimitMessageOf(refused(429, french), 'fr')).toBe(french);
    expect(
      abuseLimitMessageOf(refused(429, 'Trop de tentatives. Veuillez patienter 4 secondes et réessayer.'), 'fr'),
    ).toBeNull();
  });
});
