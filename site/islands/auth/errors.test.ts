import { describe, expect, it } from 'vitest';
import { signUpMessages } from '../../i18n/messages/auth.ts';
import { ApiError } from '../../lib/api.ts';
import {
  confirmationIsOver,
  confirmationNeedsPassword,
  localizeServerMessage,
  registrationErrorMessage,
  serverMessageOf,
  signInErrorMessage,
  signUpFieldError,
} from './errors.ts';
import { FUTURE_BIRTH_DATE_MESSAGE, TOO_OLD_BIRTH_DATE_MESSAGE } from '../../../shared/domain/accounts/age.ts';
import { UNDER_AGE_MESSAGE } from '../../../shared/domain/accounts/decider.ts';
import {
  CONFIRMATION_EXPIRED_MESSAGE,
  CONFIRMATION_INVALID_MESSAGE,
  CONFIRMATION_PASSWORD_NEEDED_MESSAGE,
  CONFIRMATION_WRONG_PASSWORD_MESSAGE,
} from '../../../shared/domain/accounts/pending-registration.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  REPEATED_CHARACTER_PASSWORD_MESSAGE,
} from '../../../shared/domain/accounts/password-rules.ts';
import { serverMessages } from '../../i18n/messages/auth.ts';

const apiError = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Status');
/** What `login()` in stores/session.ts throws: the server's text, else 'Login failed', the ApiError as cause. */
const loginError = (cause: unknown) => new Error('Login failed', { cause });

describe('serverMessageOf', () => {
  it('reads the error field of an ApiError, also as the cause of a wrapped error', () => {
    expect(serverMessageOf(apiError(401, { error: 'Invalid email or password' }))).toBe('Invalid email or password');
    expect(serverMessageOf(loginError(apiError(401, { error: 'Nope' })))).toBe('Nope');
  });

  it('is null without a readable server message', () => {
    expect(serverMessageOf(apiError(500, ''))).toBeNull();
    expect(serverMessageOf(apiError(502, '<html>Bad gateway</html>'))).toBeNull();
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverMessageOf(loginError(new TypeError('Failed to fetch')))).toBeNull();
    expect(serverMessageOf('text')).toBeNull();
  });
});

describe('signInErrorMessage', () => {
  it("shows the server's message, else 'Sign in failed'", () => {
    expect(
      signInErrorMessage(loginError(apiError(401, { error: 'Invalid email or password' })), 'en', 'Sign in failed'),
    ).toBe('Invalid email or password');
    expect(signInErrorMessage(loginError(new TypeError('Failed to fetch')), 'en', 'Sign in failed')).toBe(
      'Sign in failed',
    );
    expect(signInErrorMessage(loginError(apiError(500, '')), 'en', 'Sign in failed')).toBe('Sign in failed');
  });

  it('shows known server messages in French on French pages', () => {
    expect(signInErrorMessage(loginError(apiError(401, { error: 'Invalid email or password' })), 'fr', 'x')).toBe(
      'Courriel ou mot de passe invalide',
    );
  });
});

describe('registrationErrorMessage', () => {
  const m = signUpMessages.en;

  it("the server's error text first", () => {
    expect(
      registrationErrorMessage(apiError(409, { error: 'An account with this email address already exists.' }), 'en', m),
    ).toBe('An account with this email address already exists.');
  });

  it("else 'Registration failed' when the server answered without one", () => {
    expect(registrationErrorMessage(apiError(500, ''), 'en', m)).toBe('Registration failed');
    expect(registrationErrorMessage(apiError(502, 'Bad gateway'), 'en', m)).toBe('Registration failed');
  });

  it("else 'An unexpected error occurred.'", () => {
    expect(registrationErrorMessage(new TypeError('Failed to fetch'), 'en', m)).toBe('An unexpected error occurred.');
    expect(registrationErrorMessage(undefined, 'en', m)).toBe('An unexpected error occurred.');
  });

  it('French pages', () => {
    const fr = signUpMessages.fr;
    expect(
      registrationErrorMessage(apiError(400, { error: 'You must be 15 or older to use this service.' }), 'fr', fr),
    ).toBe('Vous devez avoir 15 ans ou plus pour utiliser ce service.');
    expect(registrationErrorMessage(apiError(500, ''), 'fr', fr)).toBe('L’inscription a échoué');
    expect(registrationErrorMessage(new TypeError('x'), 'fr', fr)).toBe('Une erreur inattendue s’est produite.');
  });
});

describe('localizeServerMessage', () => {
  it('leaves English alone', () => {
    expect(localizeServerMessage('Invalid email or password', 'en')).toBe('Invalid email or password');
  });

  it('translates the rate-limit message with its number of seconds', () => {
    expect(localizeServerMessage('Too many attempts. Please wait 42 seconds and try again.', 'fr')).toBe(
      'Trop de tentatives. Veuillez patienter 42 secondes et réessayer.',
    );
  });

  it('keeps unknown messages as the server wrote them', () => {
    expect(localizeServerMessage('Something new', 'fr')).toBe('Something new');
  });
});

describe('recognised registration failures', () => {
  it('puts the server’s refusals of a field under that field', () => {
    const refused = (message: string) => signUpFieldError(apiError(400, { error: message }));
    expect(refused(UNDER_AGE_MESSAGE)).toEqual({ field: 'dateOfBirth', key: 'underAge' });
    expect(refused(FUTURE_BIRTH_DATE_MESSAGE)).toEqual({ field: 'dateOfBirth', key: 'dateOfBirthFuture' });
    expect(refused(TOO_OLD_BIRTH_DATE_MESSAGE)).toEqual({ field: 'dateOfBirth', key: 'dateOfBirthTooOld' });
    expect(refused(COMMON_PASSWORD_MESSAGE)).toEqual({ field: 'password', key: 'passwordCommon' });
    expect(refused(REPEATED_CHARACTER_PASSWORD_MESSAGE)).toEqual({ field: 'password', key: 'passwordRepeated' });
    expect(refused('Please select your role')).toBeNull();
    expect(signUpFieldError(new Error('x'))).toBeNull();
  });

  it('puts them under the field also when the server answered a French page in French', () => {
    const refused = (message: string) => signUpFieldError(apiError(400, { error: message }));
    expect(refused(serverMessages.fr.underAge)).toEqual({ field: 'dateOfBirth', key: 'underAge' });
    expect(refused(serverMessages.fr.commonPassword)).toEqual({ field: 'password', key: 'passwordCommon' });
    expect(refused(serverMessages.fr.invalidCredentials)).toBeNull();
  });

  it('knows the server’s sign-up and confirmation messages word for word, and has them in French', () => {
    expect(serverMessages.en).toMatchObject({
      underAge: UNDER_AGE_MESSAGE,
      futureBirthDate: FUTURE_BIRTH_DATE_MESSAGE,
      tooOldBirthDate: TOO_OLD_BIRTH_DATE_MESSAGE,
      commonPassword: COMMON_PASSWORD_MESSAGE,
      repeatedPassword: REPEATED_CHARACTER_PASSWORD_MESSAGE,
      confirmationInvalid: CONFIRMATION_INVALID_MESSAGE,
      confirmationExpired: CONFIRMATION_EXPIRED_MESSAGE,
      confirmationPasswordNeeded: CONFIRMATION_PASSWORD_NEEDED_MESSAGE,
      confirmationWrongPassword: CONFIRMATION_WRONG_PASSWORD_MESSAGE,
    });
    expect(localizeServerMessage(COMMON_PASSWORD_MESSAGE, 'fr')).toBe(
      'Ce mot de passe est trop courant. Veuillez en choisir un plus difficile à deviner.',
    );
    expect(localizeServerMessage(CONFIRMATION_EXPIRED_MESSAGE, 'fr')).toBe(
      'Ce lien de confirmation a expiré. Veuillez vous inscrire de nouveau.',
    );
  });
});

describe('a confirmation link opened in another browser', () => {
  it('asks for the password on a 401, and only then', () => {
    expect(confirmationNeedsPassword(apiError(401, { error: CONFIRMATION_PASSWORD_NEEDED_MESSAGE }))).toBe(true);
    expect(confirmationNeedsPassword(apiError(401, { error: CONFIRMATION_WRONG_PASSWORD_MESSAGE }))).toBe(true);
    for (const status of [400, 409, 410, 429, 500]) expect(confirmationNeedsPassword(apiError(status, ''))).toBe(false);
    expect(confirmationNeedsPassword(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('ends on a used, expired or taken link; a wrong password, a rate limit or an outage can be tried again', () => {
    for (const status of [400, 409, 410]) expect(confirmationIsOver(apiError(status, ''))).toBe(true);
    for (const status of [401, 429, 500, 503]) expect(confirmationIsOver(apiError(status, ''))).toBe(false);
    expect(confirmationIsOver(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('says the password messages in French on French pages', () => {
    expect(localizeServerMessage(CONFIRMATION_PASSWORD_NEEDED_MESSAGE, 'fr')).toBe(
      'Pour terminer dans ce navigateur, entrez le mot de passe que vous avez choisi lors de votre inscription.',
    );
    expect(localizeServerMessage(CONFIRMATION_WRONG_PASSWORD_MESSAGE, 'fr')).toBe(
      'Ce n’est pas le mot de passe que vous avez choisi lors de votre inscription. Veuillez réessayer.',
    );
  });
});
