/** The site's two languages (site/i18n/locales.ts); kept here so the domain does not import the site. */
export type Locale = 'en' | 'fr';

/**
 * Notification texts by message key, rendered by the API in the reader's language (a notification
 * stores keys and values, so it reads correctly in whichever language its reader uses, and the
 * log holds no rendered prose). `{name}` placeholders are filled from the notification's values.
 */
export const notificationTexts: Record<Locale, Record<string, string>> = {
  en: {
    'welcome.title': 'Welcome to the marketplace!',
    'welcome.message.customer':
      'Your account is ready. Create a work order or browse local contractors to get started.',
    'welcome.message.contractor':
      'Your contractor account is ready. Complete your profile from your dashboard to start receiving work.',
    'welcome.message.admin': 'Your administrator account is ready. The admin dashboard is one click away.',
    'reviews.nudge.title': 'A review is waiting for yours',
    'reviews.nudge.message.customer': 'Your customer left a review of your job. Write yours to see it.',
    'reviews.nudge.message.contractor': 'Your contractor left a review of your booking. Write yours to see it.',
    'reviews.published.title': 'Reviews published',
    'reviews.published.message.both-written': 'Both reviews of your booking are written: you can now read them.',
    'reviews.published.message.window-closed':
      'The 7-day review window of your booking has closed: the reviews written are now published.',
    'work.directRequest.title': 'New job request',
    'work.directRequest.message': 'A customer sent you a work order directly. Review it and accept or decline.',
    'work.proposalSubmitted.title': 'New proposal on your work order',
    'work.proposalSubmitted.message': 'A contractor sent a proposal. Compare the proposals and pick the one you like.',
    'work.proposalAccepted.title': 'Your proposal was accepted',
    'work.proposalAccepted.message': 'The customer hired you. Open the job to schedule a time.',
    'work.proposalDeclined.title': 'Proposal not selected',
    'work.proposalDeclined.message': 'The customer chose another proposal for this work order.',
    'work.directAccepted.title': 'Your request was accepted',
    'work.directAccepted.message': 'The contractor accepted your work order. You can now schedule a time.',
    'work.directDeclined.title': 'Your request was declined',
    'work.directDeclined.message':
      'The contractor cannot take this work order. You can post it again or pick someone else.',
    'work.orderCancelled.title': 'Work order cancelled',
    'work.orderCancelled.message': 'The customer cancelled this work order.',
    // Scheduling (shared/domain/booking/notifications.ts); the start time shows beside the text.
    'booking.requested.title': 'New booking request',
    'booking.requested.message': 'A customer asked to book a time with you. Please confirm or decline it.',
    'booking.confirmed.title': 'Booking confirmed',
    'booking.confirmed.message': 'The contractor confirmed your booking.',
    'booking.declined.title': 'Booking declined',
    'booking.declined.message': 'The contractor cannot take this booking. You can choose another time.',
    'booking.rescheduledByCustomer.title': 'Booking moved by the customer',
    'booking.rescheduledByCustomer.message': 'The customer moved the booking to a new time. Please confirm it.',
    'booking.rescheduledByContractor.title': 'Booking moved by the contractor',
    'booking.rescheduledByContractor.message': 'The contractor moved your booking to a new time.',
    'booking.cancelledByCustomer.title': 'Booking cancelled',
    'booking.cancelledByCustomer.message': 'The customer cancelled the booking.',
    'booking.cancelledByCustomerLate.title': 'Booking cancelled late',
    'booking.cancelledByCustomerLate.message':
      'The customer cancelled less than 24 hours before the start; the late-cancellation fee applies.',
    'booking.cancelledByContractor.title': 'Booking cancelled',
    'booking.cancelledByContractor.message': 'The contractor cancelled your booking. You owe nothing.',
    'booking.reminderCustomer.title': 'Booking reminder',
    'booking.reminderCustomer.message': 'Your booking with the contractor starts within 24 hours.',
    'booking.reminderContractor.title': 'Booking reminder',
    'booking.reminderContractor.message': 'You have a booking with a customer within 24 hours.',
    'booking.completed.title': 'Job completed',
    'booking.completed.message': 'The contractor marked the booking as completed. You can now leave a review.',
  },
  fr: {
    'welcome.title': 'Bienvenue sur le marché!',
    'welcome.message.customer':
      'Votre compte est prêt. Créez un bon de travail ou parcourez les entrepreneurs de votre région pour commencer.',
    'welcome.message.contractor':
      'Votre compte d’entrepreneur est prêt. Complétez votre profil depuis votre tableau de bord pour commencer à recevoir des contrats.',
    'welcome.message.admin':
      'Votre compte d’administrateur est prêt. Le tableau de bord d’administration est à un clic.',
    'reviews.nudge.title': 'Un avis attend le vôtre',
    'reviews.nudge.message.customer': 'Votre client a laissé un avis sur votre travail. Écrivez le vôtre pour le lire.',
    'reviews.nudge.message.contractor':
      'Votre entrepreneur a laissé un avis sur votre réservation. Écrivez le vôtre pour le lire.',
    'reviews.published.title': 'Avis publiés',
    'reviews.published.message.both-written':
      'Les deux avis de votre réservation sont écrits : vous pouvez maintenant les lire.',
    'reviews.published.message.window-closed':
      'La période d’avis de 7 jours de votre réservation est terminée : les avis écrits sont maintenant publiés.',
    'work.directRequest.title': 'Nouvelle demande de travail',
    'work.directRequest.message':
      'Un client vous a envoyé un bon de travail directement. Consultez-le, puis acceptez ou refusez.',
    'work.proposalSubmitted.title': 'Nouvelle proposition pour votre bon de travail',
    'work.proposalSubmitted.message':
      'Un entrepreneur a envoyé une proposition. Comparez les propositions et choisissez celle qui vous convient.',
    'work.proposalAccepted.title': 'Votre proposition a été acceptée',
    'work.proposalAccepted.message': 'Le client vous a choisi. Ouvrez le contrat pour fixer un rendez-vous.',
    'work.proposalDeclined.title': 'Proposition non retenue',
    'work.proposalDeclined.message': 'Le client a choisi une autre proposition pour ce bon de travail.',
    'work.directAccepted.title': 'Votre demande a été acceptée',
    'work.directAccepted.message':
      'L’entrepreneur a accepté votre bon de travail. Vous pouvez maintenant fixer un rendez-vous.',
    'work.directDeclined.title': 'Votre demande a été refusée',
    'work.directDeclined.message':
      'L’entrepreneur ne peut pas prendre ce bon de travail. Vous pouvez le publier à nouveau ou choisir quelqu’un d’autre.',
    'work.orderCancelled.title': 'Bon de travail annulé',
    'work.orderCancelled.message': 'Le client a annulé ce bon de travail.',
    'booking.requested.title': 'Nouvelle demande de réservation',
    'booking.requested.message': 'Un client souhaite réserver un créneau avec vous. Veuillez l’accepter ou le refuser.',
    'booking.confirmed.title': 'Réservation confirmée',
    'booking.confirmed.message': 'L’entrepreneur a confirmé votre réservation.',
    'booking.declined.title': 'Réservation refusée',
    'booking.declined.message':
      'L’entrepreneur ne peut pas prendre cette réservation. Vous pouvez choisir un autre moment.',
    'booking.rescheduledByCustomer.title': 'Réservation déplacée par le client',
    'booking.rescheduledByCustomer.message':
      'Le client a déplacé la réservation. Veuillez confirmer la nouvelle heure.',
    'booking.rescheduledByContractor.title': 'Réservation déplacée par l’entrepreneur',
    'booking.rescheduledByContractor.message': 'L’entrepreneur a déplacé votre réservation à une nouvelle heure.',
    'booking.cancelledByCustomer.title': 'Réservation annulée',
    'booking.cancelledByCustomer.message': 'Le client a annulé la réservation.',
    'booking.cancelledByCustomerLate.title': 'Réservation annulée tardivement',
    'booking.cancelledByCustomerLate.message':
      'Le client a annulé moins de 24 heures avant le début; les frais d’annulation tardive s’appliquent.',
    'booking.cancelledByContractor.title': 'Réservation annulée',
    'booking.cancelledByContractor.message': 'L’entrepreneur a annulé votre réservation. Vous ne devez rien.',
    'booking.reminderCustomer.title': 'Rappel de réservation',
    'booking.reminderCustomer.message': 'Votre réservation avec l’entrepreneur commence dans moins de 24 heures.',
    'booking.reminderContractor.title': 'Rappel de réservation',
    'booking.reminderContractor.message': 'Vous avez une réservation avec un client dans moins de 24 heures.',
    'booking.completed.title': 'Travail terminé',
    'booking.completed.message':
      'L’entrepreneur a indiqué que la réservation est terminée. Vous pouvez maintenant laisser un avis.',
  },
};

/** The text of `key` in `locale`, else in English, else the key itself (never blank). */
export function renderNotificationText(key: string, values: Record<string, string | number>, locale: Locale): string {
  const template = notificationTexts[locale][key] ?? notificationTexts.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** `?locale=` wins, then the first supported language of Accept-Language, then English. */
export function negotiateLocale(explicit: string | undefined, acceptLanguage: string | undefined): Locale {
  if (explicit === 'fr' || explicit === 'en') return explicit;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
