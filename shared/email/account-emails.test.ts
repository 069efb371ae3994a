import { describe, expect, it } from 'vitest';
import { renderSignUpAttempt, renderSignUpConfirmation, signUpConfirmationUrl } from './account-emails.ts';

const siteUrl = 'http://localhost:4321';
const token = 'abcDEF_-0123456789abcdefghijABCDEFGHIJ01234';

describe('sign-up e-mails', () => {
  it('link to the confirmation page in the language signed up in', () => {
    expect(signUpConfirmationUrl(siteUrl, 'en', token)).toBe(`${siteUrl}/signup/confirm?token=${token}`);
    expect(signUpConfirmationUrl(siteUrl, 'fr', token)).toBe(`${siteUrl}/fr/signup/confirm?token=${token}`);
  });

  it('render the confirmation in English and in French, with the link in both parts', () => {
    for (const language of ['en', 'fr'] as const) {
      const confirmationUrl = signUpConfirmationUrl(siteUrl, language, token);
      const email = renderSignUpConfirmation({ language, recipientName: 'Chloé', confirmationUrl });
      expect(email.text).toContain(confirmationUrl);
      expect(email.html).toContain(`href="${confirmationUrl}"`);
      expect(email.html).toContain(language === 'fr' ? 'lang="fr-CA"' : 'lang="en-CA"');
      expect(email.text).toContain(language === 'fr' ? 'Bonjour Chloé,' : 'Hello Chloé,');
      expect(email.text).toContain('support@marketplace.example');
    }
    expect(renderSignUpConfirmation({ language: 'fr', recipientName: 'A', confirmationUrl: 'x' }).subject).toBe(
      'Confirmez votre adresse courriel pour terminer votre inscription',
    );
  });

  it('tell the owner of a taken address to sign in, with no confirmation link', () => {
    const en = renderSignUpAttempt({ language: 'en', recipientName: 'Noah', siteUrl });
    expect(en.subject).toBe('Someone tried to create an account with your e-mail address');
    expect(en.text).toContain(`${siteUrl}/signin`);
    expect(en.text).not.toContain('/signup/confirm');
    const fr = renderSignUpAttempt({ language: 'fr', recipientName: 'Noah', siteUrl });
    expect(fr.text).toContain(`${siteUrl}/fr/signin`);
    expect(fr.subject).toBe('Quelqu’un a tenté de créer un compte avec votre adresse courriel');
  });

  it('escape the typed name in the HTML part', () => {
    const email = renderSignUpConfirmation({
      language: 'en',
      recipientName: '<img src=x onerror=alert(1)>',
      confirmationUrl: `${siteUrl}/signup/confirm?token=${token}`,
    });
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
