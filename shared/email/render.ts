import type { EmailLanguage } from '../domain/notification-preferences/events.ts';
import { notificationTexts } from '../domain/notifications/messages.ts';
import { notificationTypes, type NotificationType } from '../domain/notifications/types.ts';
import { emailChrome, emailNotificationTexts, emailSender, emailTypeNames } from './messages.ts';

export type EmailToRender = {
  language: EmailLanguage;
  recipientName: string;
  type: NotificationType;
  titleKey: string;
  messageKey: string;
  values: Record<string, string | number>;
  actionUrl: string | null;
  consentGivenAt: Date;
  /** Absolute base of the site's links, without a trailing slash. */
  siteUrl: string;
};

export type RenderedEmail = { subject: string; text: string; html: string };

/** A message template with its `{name}` placeholders filled; unknown ones are left as they are. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** Every value placed in the HTML part goes through this: nothing from data is ever markup. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An absolute link to a page of the site in the recipient's language. */
export const localized = (siteUrl: string, path: string, language: EmailLanguage) =>
  `${siteUrl}${language === 'fr' ? `/fr${path}` : path}`;

const transactionalTypes: readonly NotificationType[] = notificationTypes.filter((type) => type !== 'system');

/** Subject and body (plain text and simple HTML) in the recipient's language. */
export function renderEmail(email: EmailToRender): RenderedEmail {
  const { language } = email;
  const texts = emailNotificationTexts[language];
  const chrome = emailChrome[language];
  // The notification's own texts (the same the app shows); a key without one gets a generic line.
  const notification = notificationTexts[language];
  const subject = fill(notification[email.titleKey] ?? texts.fallbackTitle!, email.values);
  const message = fill(notification[email.messageKey] ?? texts.fallbackMessage!, email.values);
  const unsubscribeUrl = localized(email.siteUrl, '/notification-preferences', language);
  const actionUrl = !email.actionUrl
    ? null
    : /^https?:\/\//.test(email.actionUrl)
      ? email.actionUrl
      : localized(email.siteUrl, email.actionUrl, language);
  const date = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'America/Toronto',
  }).format(email.consentGivenAt);
  const why = [fill(chrome.why, { type: emailTypeNames[language][email.type], date })];
  if (transactionalTypes.includes(email.type)) why.push(chrome.transactional);
  const greeting = fill(chrome.greeting, { name: email.recipientName });
  const sender = fill(chrome.senderLine, { sender: emailSender.name, address: emailSender.mailingAddress });
  const contact = fill(chrome.contactLine, { email: emailSender.contactEmail });

  const text = [
    greeting,
    '',
    subject,
    message,
    ...(actionUrl ? ['', fill(chrome.open, { url: actionUrl })] : []),
    '',
    '--',
    ...why,
    fill(chrome.unsubscribe, { url: unsubscribeUrl }),
    sender,
    contact,
    '',
  ].join('\n');

  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    `<html lang="${language === 'fr' ? 'fr-CA' : 'en-CA'}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36rem; margin: 0 auto; padding: 1rem;">',
    p(greeting),
    `<h1 style="font-size: 1.25rem;">${escapeHtml(subject)}</h1>`,
    p(message),
    ...(actionUrl ? [`<p>${link(actionUrl, fill(chrome.open, { url: '' }).replace(/[\s:]+$/, ''))}</p>`] : []),
    '<hr>',
    '<footer style="font-size: 0.875rem; color: #555;">',
    ...why.map(p),
    `<p>${link(unsubscribeUrl, chrome.unsubscribeLink)}</p>`,
    p(sender),
    p(contact),
    '</footer></body></html>',
  ].join('\n');

  return { subject, text, html };
}
