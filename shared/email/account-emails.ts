import type { EmailLanguage } from '../domain/notification-preferences/events.ts';
import { emailChrome, emailSender } from './messages.ts';
import { escapeHtml, fill, localized, type RenderedEmail } from './render.ts';

/**
 * The two sign-up e-mails. They are not notifications (no account exists yet, so nothing in the
 * event log can carry them): the sign-up route sends them directly, in the language of the page
 * the person signed up on. Transactional, so they need no consent; they still name the sender.
 */
export const signUpEmailTexts = {
  en: {
    confirmSubject: 'Confirm your e-mail address to finish signing up',
    confirmIntro: 'Thanks for signing up to Marketplace. To create your account, open this link within 24 hours:',
    confirmButton: 'Confirm my e-mail address',
    confirmIgnore:
      'If you did not sign up, ignore this e-mail: no account is created unless the link is opened. Someone may have typed your address by mistake.',
    attemptSubject: 'Someone tried to create an account with your e-mail address',
    attemptIntro:
      'Someone just tried to create a new Marketplace account with this e-mail address. You already have an account, so nothing was changed.',
    attemptSignIn: 'If it was you, sign in to your existing account:',
    attemptSignInButton: 'Sign in',
    attemptIgnore: 'If it was not you, you can ignore this e-mail. Your account and your password are unchanged.',
  },
  fr: {
    confirmSubject: 'Confirmez votre adresse courriel pour terminer votre inscription',
    confirmIntro:
      'Merci de vous être inscrit à Marketplace. Pour créer votre compte, ouvrez ce lien dans les 24 heures :',
    confirmButton: 'Confirmer mon adresse courriel',
    confirmIgnore:
      'Si vous ne vous êtes pas inscrit, ignorez ce courriel : aucun compte n’est créé si le lien n’est pas ouvert. Quelqu’un a peut-être entré votre adresse par erreur.',
    attemptSubject: 'Quelqu’un a tenté de créer un compte avec votre adresse courriel',
    attemptIntro:
      'Quelqu’un vient de tenter de créer un nouveau compte Marketplace avec cette adresse courriel. Vous avez déjà un compte; rien n’a donc été modifié.',
    attemptSignIn: 'Si c’était vous, connectez-vous à votre compte existant :',
    attemptSignInButton: 'Se connecter',
    attemptIgnore:
      'Si ce n’était pas vous, vous pouvez ignorer ce courriel. Votre compte et votre mot de passe sont inchangés.',
  },
} satisfies Record<EmailLanguage, Record<string, string>>;

/** A short e-mail: greeting, paragraphs, one link, the sender's identification. */
function renderShortEmail(parts: {
  language: EmailLanguage;
  recipientName: string;
  subject: string;
  before: readonly string[];
  link: { url: string; label: string };
  after: string;
}): RenderedEmail {
  const chrome = emailChrome[parts.language];
  const greeting = fill(chrome.greeting, { name: parts.recipientName });
  const sender = fill(chrome.senderLine, { sender: emailSender.name, address: emailSender.mailingAddress });
  const contact = fill(chrome.contactLine, { email: emailSender.contactEmail });
  const text = [
    greeting,
    '',
    ...parts.before.flatMap((line) => [line, '']).slice(0, -1),
    parts.link.url,
    '',
    parts.after,
    '',
    '--',
    sender,
    contact,
    '',
  ].join('\n');
  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${parts.language === 'fr' ? 'fr-CA' : 'en-CA'}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36rem; margin: 0 auto; padding: 1rem;">',
    p(greeting),
    ...parts.before.map(p),
    `<p><a href="${escapeHtml(parts.link.url)}">${escapeHtml(parts.link.label)}</a></p>`,
    `<p style="font-size: 0.875rem; word-break: break-all;">${escapeHtml(parts.link.url)}</p>`,
    p(parts.after),
    '<hr>',
    '<footer style="font-size: 0.875rem; color: #555;">',
    p(sender),
    p(contact),
    '</footer></body></html>',
  ].join('\n');
  return { subject: parts.subject, text, html };
}

/** The link a new sign-up opens to create its account (the token travels only in this e-mail). */
export function signUpConfirmationUrl(siteUrl: string, language: EmailLanguage, token: string): string {
  return `${localized(siteUrl, '/signup/confirm', language)}?token=${encodeURIComponent(token)}`;
}

export function renderSignUpConfirmation(email: {
  language: EmailLanguage;
  recipientName: string;
  confirmationUrl: string;
}): RenderedEmail {
  const t = signUpEmailTexts[email.language];
  return renderShortEmail({
    language: email.language,
    recipientName: email.recipientName,
    subject: t.confirmSubject,
    before: [t.confirmIntro],
    link: { url: email.confirmationUrl, label: t.confirmButton },
    after: t.confirmIgnore,
  });
}

/** To the holder of an address someone tried to sign up with: nothing changed; sign in if it was you. */
export function renderSignUpAttempt(email: {
  language: EmailLanguage;
  recipientName: string;
  siteUrl: string;
}): RenderedEmail {
  const t = signUpEmailTexts[email.language];
  return renderShortEmail({
    language: email.language,
    recipientName: email.recipientName,
    subject: t.attemptSubject,
    before: [t.attemptIntro, t.attemptSignIn],
    link: { url: localized(email.siteUrl, '/signin', email.language), label: t.attemptSignInButton },
    after: t.attemptIgnore,
  });
}
