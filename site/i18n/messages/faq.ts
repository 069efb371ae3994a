import { defineMessages } from '../index.ts';

/**
 * The FAQ dialog (docs/product.md#site): 24 questions in six groups. Answers are templates: every price,
 * percentage, age and duration is a `{placeholder}` filled from shared/domain. A blank line
 * separates paragraphs.
 */
export const faqMessages = defineMessages({
  en: {
    title: 'Frequently Asked Questions',
    description: 'Answers about hiring, offering services, payments, disputes and your account.',

    groupStart: 'Getting started',
    groupCustomers: 'For customers',
    groupContractors: 'For contractors',
    groupPayments: 'Payments & escrow',
    groupDisputes: 'Disputes',
    groupAccount: 'Account & privacy',

    whatQ: 'What is {brand}?',
    whatA:
      '{brand} is a Canadian marketplace for local services. Customers find and book trusted contractors or post jobs; contractors offer their services and find work.\n\nOur motto: if you can do it, you can earn for it.',

    modelsQ: 'What are the ways to get work done?',
    modelsA: 'There are three work models:',
    modelsSubscription: 'Subscription services: recurring work, weekly, bi-weekly or monthly.',
    modelsDirect: 'Direct post: a customer creates a work order and picks a provider.',
    modelsBids: 'Bids: contractors compete with proposals, and the customer chooses one.',

    agesQ: 'How old do I need to be?',
    agesA:
      'You must be {basicAge} or older to use {brand} as a basic user, and {paidAge} or older to buy a paid subscription.',

    languagesQ: 'Is {brand} available in French?',
    languagesA:
      'Yes. Every page is available in English and in Canadian French. Use the language switch in the header; your choice is remembered on this device.',

    hireQ: 'How do I hire a contractor?',
    hireA:
      'Browse contractors and book one, create a work order and pick a provider yourself, or post a project for bids and compare the proposals you receive.\n\nWhichever you choose, your payment is held in escrow until you approve the work.',

    subscriptionsQ: 'How do subscription services work?',
    subscriptionsA:
      'For recurring work such as cleaning, yard work or pet care, you subscribe to a contractor’s service on a weekly, bi-weekly or monthly schedule. Once signed in, you manage them from My Subscriptions.',

    urgentQ: 'What are urgent alerts?',
    urgentA:
      'An urgent alert asks contractors for help on short notice, at a premium of up to {multiplier} the normal price.\n\nCustomers on the {localPlan} plan or higher can send urgent alerts, and only contractors with a paid subscription can accept them.',

    contractQ: 'Is there a contract for each job?',
    contractA:
      'Yes. A contract is generated for every job, setting out what was agreed, and both the customer and the contractor sign it digitally.',

    startQ: 'How do I start offering my services?',
    startA:
      'Create an account as a contractor, then follow the short onboarding: your service, your location, your experience, and go live.\n\nThe {starterPlan} plan is free, so you can start without paying anything.',

    plansQ: 'What plans can contractors choose?',
    plansA: 'Contractor plans, per month:',
    planRow: '{name}: {price}',
    planRowNotOffered: '{name}: {price} (listed, not offered yet)',
    plansLimits:
      '{starterPlan} includes {starterConnections} direct-hire connections and {starterBids} bid projects. {localPlan} removes those limits and adds subscription services, priority placement and a featured badge. Paid plans require you to be {paidAge} or older.',

    boostsQ: 'What are listing boosts?',
    boostsA: 'Boosts are one-time purchases that put your listing forward for a while:',
    boost7: '{days}-day boost: {price}',
    boostFeatured30: '{days}-day featured listing: {price}',
    boostPremium90: '{days}-day premium listing: {price}',
    boostFirstFree: '{boost} (your first one is free)',

    badgesQ: 'How do badges work?',
    badgesA:
      'Performance badges are free: you earn them from your record on {brand}, such as your ratings, response time and punctuality.\n\nVerified credential badges show that a licence, insurance, a background check or a trade certificate was checked. They are for paid plans only.',

    barterQ: 'Can I trade services instead of being paid?',
    barterA:
      'Yes, through barter: skill-for-skill trades. You offer your service and hours in exchange for someone else’s. Open Barter Trades in the footer to see how it works, including the tax side.',

    escrowQ: 'How does escrow protect my payment?',
    escrowA:
      'The customer pays upfront into escrow. The money is held there, not paid to the contractor, until the customer approves the completed work or an arbitration decision says how to release it.',

    feesQ: 'What does {brand} charge?',
    feesA: 'A transaction fee on each job, set by the job value:',

    problemQ: 'What happens to my money if a job goes wrong?',
    problemA:
      'Open a dispute. Depending on the outcome, the money held in escrow may be refunded to the customer in full or in part, split between the parties, or released to the contractor.',

    disputeQ: 'How do I open a dispute?',
    disputeA:
      'Submit a dispute with your evidence. Stronger evidence scores higher: photos and videos count {photoPoints} points, documents {documentPoints}, a written statement {textPoints}, and a description over {chars} characters adds {bonus}, up to {cap} in all.',

    decisionQ: 'How is a dispute decided?',

    arbitratorQ: 'Who is the arbitrator?',
    arbitratorA:
      'A person with a law degree, paid a flat rate per case, so the pay does not depend on who wins. The arbitrator’s decision is final and binding on both parties.',

    twoRolesQ: 'Can I be both a customer and a contractor?',
    twoRolesA: 'Yes, with two accounts: customer and contractor accounts need separate e-mail addresses.',

    switchQ: 'How do I switch between customer and contractor?',
    switchA:
      'Log out, then sign in again with your other account. If you only want the other role from now on, you can also delete your account and register again with the new role.',

    communityQ: 'Where can I ask questions or suggest features?',
    communityA:
      'Ask questions and share tips in the Community Forum, and suggest features or upvote ideas on the Feedback Board. Both open from the footer, next to Contact Us.',

    notificationsQ: 'What notifications will I get?',
    notificationsA:
      'The bell in the header shows your booking notifications (requests, confirmations, changes, cancellations and reminders) and system messages. You can mark them read, delete them, and choose what you receive in your notification settings.',

    privacyQ: 'How is my personal information protected?',
    privacyA:
      'We collect only what we need to run the marketplace and handle it under Canada’s privacy law (PIPEDA). You can ask to see or delete your information at any time.',
    privacyLink: 'Read our Privacy Policy',
  },
  fr: {
    title: 'Foire aux questions',
    description: 'Réponses sur l’embauche, l’offre de services, les paiements, les litiges et votre compte.',

    groupStart: 'Pour commencer',
    groupCustomers: 'Pour les clients',
    groupContractors: 'Pour les entrepreneurs',
    groupPayments: 'Paiements et fiducie',
    groupDisputes: 'Litiges',
    groupAccount: 'Compte et confidentialité',

    whatQ: 'Qu’est-ce que {brand}?',
    whatA:
      '{brand} est une place de marché canadienne de services locaux. Les clients trouvent et réservent des entrepreneurs de confiance ou publient des travaux; les entrepreneurs offrent leurs services et trouvent du travail.\n\nNotre devise : si vous savez le faire, vous pouvez en vivre.',

    modelsQ: 'De quelles façons peut-on faire faire un travail?',
    modelsA: 'Il y a trois modes de travail :',
    modelsSubscription:
      'Services par abonnement : un travail récurrent, chaque semaine, aux deux semaines ou chaque mois.',
    modelsDirect: 'Publication directe : le client crée un bon de travail et choisit un fournisseur.',
    modelsBids: 'Soumissions : les entrepreneurs présentent leurs propositions et le client en choisit une.',

    agesQ: 'Quel âge faut-il avoir?',
    agesA:
      'Vous devez avoir {basicAge} ans ou plus pour utiliser {brand} comme utilisateur de base, et {paidAge} ans ou plus pour souscrire un abonnement payant.',

    languagesQ: '{brand} est-il offert en français?',
    languagesA:
      'Oui. Chaque page est offerte en anglais et en français canadien. Utilisez le sélecteur de langue dans l’en-tête; votre choix est retenu sur cet appareil.',

    hireQ: 'Comment embaucher un entrepreneur?',
    hireA:
      'Parcourez les entrepreneurs et réservez-en un, créez un bon de travail et choisissez vous-même un fournisseur, ou publiez un projet pour recevoir des soumissions et comparez les propositions reçues.\n\nDans tous les cas, votre paiement est retenu en fiducie jusqu’à ce que vous approuviez le travail.',

    subscriptionsQ: 'Comment fonctionnent les services par abonnement?',
    subscriptionsA:
      'Pour un travail récurrent comme le ménage, l’entretien du terrain ou le soin des animaux, vous vous abonnez au service d’un entrepreneur chaque semaine, aux deux semaines ou chaque mois. Une fois connecté, vous les gérez dans Mes abonnements.',

    urgentQ: 'Que sont les alertes urgentes?',
    urgentA:
      'Une alerte urgente demande l’aide d’entrepreneurs à court préavis, à un tarif majoré pouvant atteindre {multiplier} le prix normal.\n\nLes clients du forfait {localPlan} ou d’un forfait supérieur peuvent envoyer des alertes urgentes, et seuls les entrepreneurs ayant un abonnement payant peuvent les accepter.',

    contractQ: 'Y a-t-il un contrat pour chaque travail?',
    contractA:
      'Oui. Un contrat est généré pour chaque travail et précise ce qui a été convenu; le client et l’entrepreneur le signent tous deux électroniquement.',

    startQ: 'Comment commencer à offrir mes services?',
    startA:
      'Créez un compte d’entrepreneur, puis suivez la courte intégration : votre service, votre emplacement, votre expérience, et mise en ligne.\n\nLe forfait {starterPlan} est gratuit : vous pouvez commencer sans rien payer.',

    plansQ: 'Quels forfaits les entrepreneurs peuvent-ils choisir?',
    plansA: 'Les forfaits pour entrepreneurs, par mois :',
    planRow: '{name} : {price}',
    planRowNotOffered: '{name} : {price} (annoncé, pas encore offert)',
    plansLimits:
      '{starterPlan} comprend {starterConnections} mises en relation directes et {starterBids} projets en soumission. {localPlan} retire ces limites et ajoute les services par abonnement, le placement prioritaire et un badge en vedette. Les forfaits payants exigent d’avoir {paidAge} ans ou plus.',

    boostsQ: 'Que sont les mises en avant d’annonce?',
    boostsA: 'Ce sont des achats uniques qui mettent votre annonce en avant pendant un certain temps :',
    boost7: 'Mise en avant de {days} jours : {price}',
    boostFeatured30: 'Annonce en vedette pendant {days} jours : {price}',
    boostPremium90: 'Annonce premium pendant {days} jours : {price}',
    boostFirstFree: '{boost} (la première est gratuite)',

    badgesQ: 'Comment fonctionnent les badges?',
    badgesA:
      'Les badges de performance sont gratuits : vous les obtenez grâce à votre historique sur {brand}, par exemple vos évaluations, votre délai de réponse et votre ponctualité.\n\nLes badges de titres vérifiés indiquent qu’un permis, une assurance, une vérification des antécédents ou un certificat de métier a été vérifié. Ils sont réservés aux forfaits payants.',

    barterQ: 'Puis-je échanger des services au lieu d’être payé?',
    barterA:
      'Oui, grâce au troc : des échanges de compétences. Vous offrez votre service et vos heures en échange de ceux d’une autre personne. Ouvrez Troc de services dans le pied de page pour voir comment cela fonctionne, y compris l’aspect fiscal.',

    escrowQ: 'Comment la fiducie protège-t-elle mon paiement?',
    escrowA:
      'Le client paie d’avance dans un compte en fiducie. L’argent y est retenu, sans être versé à l’entrepreneur, jusqu’à ce que le client approuve le travail terminé ou qu’une décision d’arbitrage indique comment le libérer.',

    feesQ: 'Combien {brand} facture-t-il?',
    feesA: 'Des frais de transaction sur chaque travail, selon la valeur du travail :',

    problemQ: 'Qu’arrive-t-il à mon argent si un travail tourne mal?',
    problemA:
      'Ouvrez un litige. Selon la décision, l’argent en fiducie peut être remboursé au client en tout ou en partie, réparti entre les parties ou versé à l’entrepreneur.',

    disputeQ: 'Comment ouvrir un litige?',
    disputeA:
      'Soumettez un litige avec vos preuves. Plus les preuves sont solides, plus le pointage est élevé : les photos et vidéos valent {photoPoints} points, les documents {documentPoints}, une déclaration écrite {textPoints}, et une description de plus de {chars} caractères ajoute {bonus}, jusqu’à {cap} au total.',

    decisionQ: 'Comment un litige est-il tranché?',

    arbitratorQ: 'Qui est l’arbitre?',
    arbitratorA:
      'Une personne titulaire d’un diplôme en droit, payée à forfait par dossier : sa rémunération ne dépend pas de qui gagne. La décision de l’arbitre est finale et lie les deux parties.',

    twoRolesQ: 'Puis-je être à la fois client et entrepreneur?',
    twoRolesA: 'Oui, avec deux comptes : les comptes client et entrepreneur exigent des adresses courriel distinctes.',

    switchQ: 'Comment passer du rôle de client à celui d’entrepreneur?',
    switchA:
      'Déconnectez-vous, puis reconnectez-vous avec votre autre compte. Si vous ne voulez plus que l’autre rôle, vous pouvez aussi supprimer votre compte et vous inscrire de nouveau avec le nouveau rôle.',

    communityQ: 'Où poser des questions ou suggérer des fonctionnalités?',
    communityA:
      'Posez vos questions et partagez vos astuces dans le Forum communautaire, et suggérez des fonctionnalités ou appuyez des idées dans le Tableau des suggestions. Les deux s’ouvrent depuis le pied de page, à côté de Nous joindre.',

    notificationsQ: 'Quelles notifications vais-je recevoir?',
    notificationsA:
      'La cloche dans l’en-tête affiche vos notifications de réservation (demandes, confirmations, modifications, annulations et rappels) et les messages du système. Vous pouvez les marquer comme lues, les supprimer et choisir ce que vous recevez dans vos paramètres de notification.',

    privacyQ: 'Comment mes renseignements personnels sont-ils protégés?',
    privacyA:
      'Nous recueillons seulement ce qu’il faut pour exploiter la place de marché et le traitons selon la loi canadienne sur la protection des renseignements personnels (LPRPDE). Vous pouvez demander à consulter ou à supprimer vos renseignements en tout temps.',
    privacyLink: 'Lire notre politique de confidentialité',
  },
});
