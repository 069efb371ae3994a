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
    'reviews.nudge.message.work-order.contractor':
      'Your contractor left a review of your work order. Write yours to see it.',
    'reviews.published.message.work-order.both-written':
      'Both reviews of your work order are written: you can now read them.',
    'reviews.published.message.work-order.window-closed':
      'The 7-day review window of your work order has closed: the reviews written are now published.',
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
    'contract.ready.title': 'Your contract is ready to sign',
    'contract.ready.message':
      'Review the contract for your job and sign it. The escrow opens once both of you have signed.',
    'contract.revised.title': 'The contract terms changed',
    'contract.revised.message': 'The other party edited the terms: a new version waits for both signatures.',
    'contract.executedCustomer.title': 'Contract signed: pay into escrow',
    'contract.executedCustomer.message': 'Both of you signed. Pay the agreed price into escrow so the work can begin.',
    'contract.executedContractor.title': 'Contract signed',
    'contract.executedContractor.message': 'Both of you signed. You will be told when the customer pays into escrow.',
    'contract.agreementReady.title': 'Your recurring service agreement is ready to sign',
    'contract.agreementReady.message':
      'Review the agreement and sign it. Visits are booked and paid one at a time once both of you have signed.',
    'escrow.visitPaymentFailed.title': 'A visit payment was declined',
    'escrow.visitPaymentFailed.message':
      'The card on file for your recurring service was declined. Pay for the visit with another card on its contract page.',
    'booking.timesProposed.title': 'A customer proposed times',
    'booking.timesProposed.message':
      'A customer who hired you could not book: you have no weekly hours yet. They proposed {count} time(s): accept one on the job’s page, reply in your conversation, or publish your hours so they can book a slot.',
    'booking.proposedTimeAccepted.title': 'Your proposed time was accepted',
    'booking.proposedTimeAccepted.message':
      'The contractor accepted one of the times you proposed. Your booking is confirmed.',
    'booking.recurringVisit.title': 'Recurring visit booked',
    'booking.recurringVisit.message': 'The next visit of a recurring service you provide is on your calendar.',
    'recurring.requested.title': 'New recurring service subscription',
    'recurring.requested.message':
      'A customer subscribed to one of your recurring services. Sign the agreement to accept it, or decline it on My Subscriptions.',
    'recurring.activated.title': 'Recurring service started',
    'recurring.activated.message': 'Both of you signed the agreement. Visits are booked two weeks ahead from now on.',
    'recurring.declined.title': 'Recurring service declined',
    'recurring.declined.message': 'The contractor declined your subscription. Nothing was charged.',
    'recurring.visitNotBooked.title': 'A recurring visit could not be booked',
    'recurring.visitNotBooked.message':
      'The contractor’s calendar was not open at the usual time, so this visit was not booked and nothing was charged.',
    'recurring.visitSkipped.title': 'A recurring visit was skipped',
    'recurring.visitSkipped.message': 'The other party skipped one visit of your recurring service.',
    'recurring.paused.title': 'Recurring service paused',
    'recurring.paused.message':
      'The customer paused a recurring service. No new visits are booked until they resume it.',
    'recurring.resumed.title': 'Recurring service resumed',
    'recurring.resumed.message': 'The customer resumed a recurring service. Visits are booked again.',
    'recurring.cancelled.title': 'Recurring service cancelled',
    'recurring.cancelled.message': 'The other party cancelled a recurring service. Future visits are cancelled.',
    'barter.proposed.title': 'New barter proposal',
    'barter.proposed.message':
      'Someone proposed a skill-for-skill trade for one of your services. Accept, decline or counter it.',
    'barter.countered.title': 'Barter counter-offer',
    'barter.countered.message':
      'The other side changed the terms of your barter trade. Accept, decline or counter them.',
    'barter.accepted.title': 'Barter trade accepted',
    'barter.accepted.message':
      'Your barter trade was accepted. Mark the exchange complete once both services are delivered.',
    'barter.declined.title': 'Barter trade declined',
    'barter.declined.message': 'The other side declined your barter trade.',
    'barter.withdrawn.title': 'Barter proposal withdrawn',
    'barter.withdrawn.message': 'The other side withdrew their barter offer.',
    'barter.marked.title': 'Barter exchange marked complete',
    'barter.marked.message':
      'The other side marked your barter exchange complete. Mark it too once you have received their service.',
    'barter.completed.title': 'Barter trade completed',
    'barter.completed.message': 'Both of you marked the exchange complete. You can now review each other.',
    'plans.renewed.title': 'Your plan renewed',
    'plans.renewed.message': 'Period {period} of your plan has started. The receipt is in your billing history.',
    'plans.renewalFailed.title': 'Your plan renewal was declined',
    'plans.renewalFailed.message':
      'The card ending {last4} was declined. We will try it again in a day or two, and you keep your plan meanwhile.',
    'plans.endedUnpaid.title': 'Your plan has ended',
    'plans.endedUnpaid.message':
      'The renewal was declined three times, so you are back on Starter. You can upgrade again at any time.',
    'plans.ended.title': 'Your plan has ended',
    'plans.ended.message': 'As you asked, your plan ended at the end of its period. You are back on Starter.',
    'urgent.sent.title': 'Urgent job near you',
    'urgent.sent.message':
      'A customer nearby needs help now and pays a premium. The first contractor to accept gets the job.',
    'urgent.accepted.title': 'Your urgent job was accepted',
    'urgent.accepted.message':
      'A contractor accepted your urgent alert. The contract with the premium is ready to sign.',
    'urgent.cancelled.title': 'Urgent alert withdrawn',
    'urgent.cancelled.message': 'The customer withdrew an urgent alert sent to you.',
    'credentials.approved.title': 'Your verified badge is up',
    'credentials.approved.message':
      'Our team checked your document. The badge shows on your listing until {expiresOn}.',
    'credentials.rejected.title': 'Your document was not accepted',
    'credentials.rejected.message':
      'Our team could not verify your document. See the reason on My Subscriptions and send a new one.',
    'escrow.funded.title': 'Payment held in escrow',
    'escrow.funded.message': 'The customer paid into escrow. Mark the work complete when it is done.',
    'escrow.completed.title': 'Work complete: please review',
    'escrow.completed.message':
      'The contractor marked the work complete. Approve it to release the payment, or ask for changes, within 14 days.',
    'escrow.changesRequested.title': 'Changes requested',
    'escrow.changesRequested.message': 'The customer asked for changes before approving. See their note.',
    'escrow.released.title': 'Payment released',
    'escrow.released.message': 'The customer approved the work. Your payout is scheduled.',
    'escrow.autoReleased.title': 'Payment released',
    'escrow.autoReleased.message':
      '14 days passed without an answer, so the payment was released. Your payout is scheduled.',
    'escrow.refunded.title': 'Escrow refunded',
    'escrow.refunded.message': 'The job was cancelled. Your refund is on its way to your card.',
    'payout.sent.title': 'Payout sent',
    'payout.sent.message': 'Your payout for the job was sent.',
    'payout.refundSent.title': 'Refund sent',
    'payout.refundSent.message': 'Your refund was sent to your card.',
    'dispute.opened.title': 'A dispute was opened on your job',
    'dispute.opened.message':
      'The other party disputes the job, and its escrow is frozen. Answer with your side and your evidence within 5 days.',
    'dispute.answered.title': 'Your dispute was answered',
    'dispute.answered.message': 'The other party answered. The case now goes to the AI analysis.',
    'dispute.noAnswer.title': 'No answer to your dispute',
    'dispute.noAnswer.message': 'The other party did not answer within 5 days. The case goes ahead to the AI analysis.',
    'dispute.inReview.title': 'Your case is with an arbitrator',
    'dispute.inReview.message':
      'The AI analysis is ready. A human arbitrator reviews the case, typically within 24 to 48 hours, and decides.',
    'dispute.proposed.title': 'A resolution is proposed',
    'dispute.proposed.message':
      'The AI analysis proposes a resolution. It becomes final in 48 hours unless you ask for a human review.',
    'dispute.reviewRequested.title': 'A human review was requested',
    'dispute.reviewRequested.message':
      'The other party asked for a human arbitrator. The proposed resolution is on hold.',
    'dispute.decided.title': 'Your dispute was decided',
    'dispute.decided.message':
      'The decision is binding. The escrow is distributed, and payments follow in 2 to 3 business days.',
    'dispute.voided.title': 'Your dispute was closed',
    'dispute.voided.message':
      'The escrow no longer held the money when the dispute was opened, so there is nothing to decide.',
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
    'reviews.nudge.message.work-order.contractor':
      'Votre entrepreneur a laissé un avis sur votre bon de travail. Écrivez le vôtre pour le lire.',
    'reviews.published.message.work-order.both-written':
      'Les deux avis de votre bon de travail sont écrits : vous pouvez maintenant les lire.',
    'reviews.published.message.work-order.window-closed':
      'La période d’avis de 7 jours de votre bon de travail est terminée : les avis écrits sont maintenant publiés.',
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
    'contract.ready.title': 'Votre contrat est prêt à signer',
    'contract.ready.message':
      'Relisez le contrat de votre travail et signez-le. L’entiercement s’ouvre quand vous l’avez signé tous les deux.',
    'contract.revised.title': 'Les conditions du contrat ont changé',
    'contract.revised.message':
      'L’autre partie a modifié les conditions : une nouvelle version attend les deux signatures.',
    'contract.executedCustomer.title': 'Contrat signé : payez en entiercement',
    'contract.executedCustomer.message':
      'Vous avez signé tous les deux. Versez le prix convenu en entiercement pour que les travaux commencent.',
    'contract.executedContractor.title': 'Contrat signé',
    'contract.executedContractor.message':
      'Vous avez signé tous les deux. Vous serez avisé quand le client versera le paiement en entiercement.',
    'contract.agreementReady.title': 'Votre entente de service récurrent est prête à signer',
    'contract.agreementReady.message':
      'Lisez l’entente et signez-la. Les visites sont réservées et payées une à la fois une fois que vous l’aurez signée tous les deux.',
    'escrow.visitPaymentFailed.title': 'Le paiement d’une visite a été refusé',
    'escrow.visitPaymentFailed.message':
      'La carte enregistrée pour votre service récurrent a été refusée. Payez la visite avec une autre carte sur la page de son contrat.',
    'booking.timesProposed.title': 'Un client a proposé des moments',
    'booking.timesProposed.message':
      'Un client qui vous a engagé n’a pas pu réserver : vous n’avez pas encore d’heures hebdomadaires. Il a proposé {count} moment(s) : acceptez-en un sur la page du travail, répondez dans votre conversation, ou publiez vos heures pour qu’il puisse réserver un créneau.',
    'booking.proposedTimeAccepted.title': 'Le moment que vous avez proposé est accepté',
    'booking.proposedTimeAccepted.message':
      'L’entrepreneur a accepté l’un des moments que vous avez proposés. Votre réservation est confirmée.',
    'booking.recurringVisit.title': 'Visite récurrente réservée',
    'booking.recurringVisit.message':
      'La prochaine visite d’un service récurrent que vous offrez est à votre calendrier.',
    'recurring.requested.title': 'Nouvel abonnement à un service récurrent',
    'recurring.requested.message':
      'Un client s’est abonné à l’un de vos services récurrents. Signez l’entente pour l’accepter, ou refusez-la dans Mes abonnements.',
    'recurring.activated.title': 'Service récurrent commencé',
    'recurring.activated.message':
      'Vous avez signé l’entente tous les deux. Les visites sont désormais réservées deux semaines à l’avance.',
    'recurring.declined.title': 'Service récurrent refusé',
    'recurring.declined.message': 'L’entrepreneur a refusé votre abonnement. Aucun montant n’a été porté.',
    'recurring.visitNotBooked.title': 'Une visite récurrente n’a pas pu être réservée',
    'recurring.visitNotBooked.message':
      'Le calendrier de l’entrepreneur n’était pas ouvert à l’heure habituelle : cette visite n’a pas été réservée et rien n’a été porté.',
    'recurring.visitSkipped.title': 'Une visite récurrente a été sautée',
    'recurring.visitSkipped.message': 'L’autre partie a sauté une visite de votre service récurrent.',
    'recurring.paused.title': 'Service récurrent suspendu',
    'recurring.paused.message':
      'Le client a suspendu un service récurrent. Aucune nouvelle visite n’est réservée jusqu’à sa reprise.',
    'recurring.resumed.title': 'Service récurrent repris',
    'recurring.resumed.message': 'Le client a repris un service récurrent. Les visites sont de nouveau réservées.',
    'recurring.cancelled.title': 'Service récurrent annulé',
    'recurring.cancelled.message': 'L’autre partie a annulé un service récurrent. Les visites à venir sont annulées.',
    'barter.proposed.title': 'Nouvelle proposition de troc',
    'barter.proposed.message':
      'Quelqu’un propose un échange de compétences pour l’un de vos services. Acceptez-le, refusez-le ou faites une contre-offre.',
    'barter.countered.title': 'Contre-offre de troc',
    'barter.countered.message':
      'L’autre partie a modifié les conditions de votre échange. Acceptez-les, refusez-les ou faites une contre-offre.',
    'barter.accepted.title': 'Échange de troc accepté',
    'barter.accepted.message':
      'Votre échange a été accepté. Marquez-le comme terminé une fois les deux services rendus.',
    'barter.declined.title': 'Échange de troc refusé',
    'barter.declined.message': 'L’autre partie a refusé votre échange.',
    'barter.withdrawn.title': 'Proposition de troc retirée',
    'barter.withdrawn.message': 'L’autre partie a retiré son offre de troc.',
    'barter.marked.title': 'Échange marqué comme terminé',
    'barter.marked.message':
      'L’autre partie a marqué votre échange comme terminé. Faites-le aussi une fois son service reçu.',
    'barter.completed.title': 'Échange de troc terminé',
    'barter.completed.message':
      'Vous avez tous deux marqué l’échange comme terminé. Vous pouvez maintenant vous évaluer.',
    'plans.renewed.title': 'Votre forfait a été renouvelé',
    'plans.renewed.message':
      'La période {period} de votre forfait a commencé. Le reçu est dans votre historique de facturation.',
    'plans.renewalFailed.title': 'Le renouvellement de votre forfait a été refusé',
    'plans.renewalFailed.message':
      'La carte se terminant par {last4} a été refusée. Nous la réessaierons d’ici un jour ou deux, et vous gardez votre forfait d’ici là.',
    'plans.endedUnpaid.title': 'Votre forfait a pris fin',
    'plans.endedUnpaid.message':
      'Le renouvellement a été refusé trois fois : vous revenez au forfait Débutant. Vous pouvez passer au supérieur en tout temps.',
    'plans.ended.title': 'Votre forfait a pris fin',
    'plans.ended.message':
      'Comme demandé, votre forfait a pris fin à la fin de sa période. Vous revenez au forfait Débutant.',
    'urgent.sent.title': 'Travaux urgents près de chez vous',
    'urgent.sent.message':
      'Un client près de chez vous a besoin d’aide maintenant et paie une prime. Le premier entrepreneur qui accepte obtient le contrat.',
    'urgent.accepted.title': 'Votre demande urgente a été acceptée',
    'urgent.accepted.message':
      'Un entrepreneur a accepté votre alerte urgente. Le contrat avec la prime est prêt à signer.',
    'urgent.cancelled.title': 'Alerte urgente retirée',
    'urgent.cancelled.message': 'Le client a retiré une alerte urgente qui vous avait été envoyée.',
    'credentials.approved.title': 'Votre badge vérifié est affiché',
    'credentials.approved.message':
      'Notre équipe a vérifié votre document. Le badge s’affiche sur votre annonce jusqu’au {expiresOn}.',
    'credentials.rejected.title': 'Votre document n’a pas été accepté',
    'credentials.rejected.message':
      'Notre équipe n’a pas pu vérifier votre document. Consultez le motif dans Mes abonnements et envoyez-en un nouveau.',
    'escrow.funded.title': 'Paiement retenu en entiercement',
    'escrow.funded.message': 'Le client a payé en entiercement. Indiquez les travaux terminés une fois faits.',
    'escrow.completed.title': 'Travaux terminés : à vérifier',
    'escrow.completed.message':
      'L’entrepreneur a indiqué que les travaux sont terminés. Approuvez-les pour libérer le paiement, ou demandez des modifications, dans les 14 jours.',
    'escrow.changesRequested.title': 'Modifications demandées',
    'escrow.changesRequested.message': 'Le client a demandé des modifications avant d’approuver. Consultez sa note.',
    'escrow.released.title': 'Paiement libéré',
    'escrow.released.message': 'Le client a approuvé les travaux. Votre versement est prévu.',
    'escrow.autoReleased.title': 'Paiement libéré',
    'escrow.autoReleased.message':
      '14 jours se sont écoulés sans réponse : le paiement a été libéré. Votre versement est prévu.',
    'escrow.refunded.title': 'Entiercement remboursé',
    'escrow.refunded.message': 'Le travail a été annulé. Votre remboursement est en route vers votre carte.',
    'payout.sent.title': 'Versement envoyé',
    'payout.sent.message': 'Votre versement pour le travail a été envoyé.',
    'payout.refundSent.title': 'Remboursement envoyé',
    'payout.refundSent.message': 'Votre remboursement a été envoyé sur votre carte.',
    'dispute.opened.title': 'Un litige a été ouvert sur votre travail',
    'dispute.opened.message':
      'L’autre partie conteste le travail, et son entiercement est gelé. Répondez avec votre version et vos preuves d’ici 5 jours.',
    'dispute.answered.title': 'Votre litige a reçu une réponse',
    'dispute.answered.message': 'L’autre partie a répondu. Le dossier passe maintenant à l’analyse par l’IA.',
    'dispute.noAnswer.title': 'Aucune réponse à votre litige',
    'dispute.noAnswer.message': 'L’autre partie n’a pas répondu en 5 jours. Le dossier passe à l’analyse par l’IA.',
    'dispute.inReview.title': 'Votre dossier est entre les mains d’un arbitre',
    'dispute.inReview.message':
      'L’analyse par l’IA est prête. Un arbitre humain examine le dossier, habituellement en 24 à 48 heures, et tranche.',
    'dispute.proposed.title': 'Une résolution est proposée',
    'dispute.proposed.message':
      'L’analyse par l’IA propose une résolution. Elle devient définitive dans 48 heures, sauf si vous demandez un examen humain.',
    'dispute.reviewRequested.title': 'Un examen humain a été demandé',
    'dispute.reviewRequested.message':
      'L’autre partie a demandé un arbitre humain. La résolution proposée est suspendue.',
    'dispute.decided.title': 'Votre litige a été tranché',
    'dispute.decided.message':
      'La décision est exécutoire. L’entiercement est réparti, et les paiements suivent dans 2 à 3 jours ouvrables.',
    'dispute.voided.title': 'Votre litige a été fermé',
    'dispute.voided.message':
      'L’entiercement ne détenait plus l’argent à l’ouverture du litige : il n’y a rien à trancher.',
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
