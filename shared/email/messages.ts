import type { EmailLanguage } from '../domain/notification-preferences/events.ts';
import type { NotificationType } from '../domain/notifications/types.ts';

/**
 * The e-mail's own texts in both languages. Notification titles and messages come from the
 * notifications domain (shared/domain/notifications/messages.ts), the same texts the app shows; a
 * key without one falls back to a generic line (the notification itself is always in the app).
 */
export const emailNotificationTexts: Record<EmailLanguage, Record<string, string>> = {
  en: {
    fallbackTitle: 'You have a new notification',
    fallbackMessage: 'Sign in to Marketplace to read it.',
  },
  fr: {
    fallbackTitle: 'Vous avez une nouvelle notification',
    fallbackMessage: 'Connectez-vous à Marketplace pour la lire.',
  },
};

export const emailTypeNames: Record<EmailLanguage, Record<NotificationType, string>> = {
  en: {
    booking_confirmation: 'booking confirmations',
    booking_cancellation: 'booking cancellations',
    booking_update: 'booking updates',
    schedule_change: 'schedule changes',
    reminder: 'reminders',
    booking_request: 'booking requests',
    system: 'account and system messages',
  },
  fr: {
    booking_confirmation: 'confirmations de réservation',
    booking_cancellation: 'annulations de réservation',
    booking_update: 'mises à jour de réservation',
    schedule_change: 'changements d’horaire',
    reminder: 'rappels',
    booking_request: 'demandes de réservation',
    system: 'messages du compte et du système',
  },
};

export const emailChrome = {
  en: {
    greeting: 'Hello {name},',
    open: 'Open in Marketplace: {url}',
    why: 'You received this e-mail because you turned on e-mail notifications for {type} and gave your consent on {date}.',
    transactional: 'This message is about a booking or account of yours on Marketplace.',
    unsubscribe: 'Unsubscribe or change which e-mails you get: {url}',
    unsubscribeLink: 'Unsubscribe or change which e-mails you get',
    senderLine: 'Sent by {sender}, {address}.',
    contactLine: 'Contact us: {email} or the Contact Us form on our site.',
  },
  fr: {
    greeting: 'Bonjour {name},',
    open: 'Ouvrir dans Marketplace : {url}',
    why: 'Vous recevez ce courriel parce que vous avez activé les notifications par courriel pour les {type} et donné votre consentement le {date}.',
    transactional: 'Ce message concerne une de vos réservations ou votre compte sur Marketplace.',
    unsubscribe: 'Vous désabonner ou choisir les courriels reçus : {url}',
    unsubscribeLink: 'Vous désabonner ou choisir les courriels reçus',
    senderLine: 'Envoyé par {sender}, {address}.',
    contactLine: 'Nous joindre : {email} ou le formulaire Nous joindre de notre site.',
  },
} satisfies Record<EmailLanguage, Record<string, string>>;

/** CASL identification of the sender, in every e-mail. The address is a placeholder until launch. */
export const emailSender = {
  name: 'Marketplace',
  from: 'Marketplace <no-reply@marketplace.example>',
  mailingAddress: '100 Example Street, Suite 200, Toronto, ON M5V 0A0, Canada (placeholder address)',
  contactEmail: 'support@marketplace.example',
};
