import { defineMessages } from '../index.ts';

/**
 * The legal pages' frame: titles, summaries and labels. The policies' own text is Markdown in
 * site/legal/<page>.<en|fr>.md.
 */
export const legalMessages = defineMessages({
  en: {
    privacyTitle: 'Privacy Policy',
    termsTitle: 'Terms of Service',
    cookiesTitle: 'Cookie Policy',
    refundTitle: 'Refund Policy',

    privacyDescription:
      'How {brand} collects, uses, shares, keeps and protects your personal information under PIPEDA and Quebec law, and how to exercise your rights.',
    termsDescription:
      'The rules for using {brand}: accounts and ages, job contracts, escrow, platform fees, plans, boosts, arbitration and liability.',
    cookiesDescription:
      'The cookies and browser storage {brand} uses, why, for how long, and how to clear them. No advertising cookies.',
    refundDescription:
      'When escrow payments, subscriptions and boosts are refunded on {brand}, how arbitration outcomes split a payment, and how long refunds take.',

    lastUpdated: 'Last updated: {date}',
    summaryTitle: 'In short',
    onThisPage: 'On this page',
    otherPolicies: 'Our other policies',

    privacySummary1:
      'We collect what we need to run the marketplace: your account, your profile, your jobs, messages, contracts and payment references. We never store your card number.',
    privacySummary2:
      'We share information only with the other party to your job, our payment processor, arbitrators, our hosting providers, and authorities when the law requires it. We do not sell it.',
    privacySummary3:
      'You can ask to see, correct or delete your information; we answer within 30 days. If you delete your account, we keep only the financial records the law requires.',
    privacySummary4: 'Marketing e-mails are sent only with your consent, and every one has an unsubscribe link.',

    termsSummary1:
      '{brand} connects customers with independent contractors. The service contract for each job is between the customer and the contractor, not with us.',
    termsSummary2:
      'You must be {minAge} or older to use {brand} and {paidAge} or older for a paid plan. Customer and contractor accounts need separate e-mail addresses.',
    termsSummary3:
      'Customers pay into escrow; the money is released when they approve the work. Contractors pay a platform fee only on successfully completed jobs.',
    termsSummary4:
      'Disputes go to arbitration with a final decision by a human arbitrator, without taking away rights that consumer protection law gives you.',

    cookiesSummary1:
      'We use four cookies, all strictly necessary: your sign-in session, your language choice, the link between your sign-up and its confirmation, and a marker that your next page shows your latest change.',
    cookiesSummary2:
      'Your browser also stores a few preferences, such as your theme and accent colour and the announcements you closed.',
    cookiesSummary3: 'We use no advertising cookies, no third-party trackers and no cross-site profiling.',
    cookiesSummary4: 'You can clear all of it at any time from your browser settings.',

    refundSummary1:
      'Your payment for a job is held in escrow and only released to the contractor when you approve the work.',
    refundSummary2: 'Cancel before work starts and you get a full refund: nothing is deducted.',
    refundSummary3:
      'If something goes wrong, arbitration decides how the escrow is split. Money moves within 2 to 3 business days of the decision.',
    refundSummary4:
      'The Local plan can be cancelled at any time and ends with the paid month. Boosts are not refundable once they start.',

    feeTierCaption: 'Platform fee by job value, charged to the contractor',
    feeTierJobValue: 'Job value',
    feeTierRate: 'Platform fee',
    feeTierUnder: 'Under {to}',
    feeTierRange: '{from} to {to}',
    feeTierFrom: '{from} and over',
  },
  fr: {
    privacyTitle: 'Politique de confidentialité',
    termsTitle: 'Conditions d’utilisation',
    cookiesTitle: 'Politique relative aux témoins',
    refundTitle: 'Politique de remboursement',

    privacyDescription:
      'Comment {brand} recueille, utilise, communique, conserve et protège vos renseignements personnels selon la LPRPDE et la loi québécoise, et comment exercer vos droits.',
    termsDescription:
      'Les règles d’utilisation de {brand} : comptes et âges, contrats, entiercement, frais de plateforme, forfaits, mises en avant, arbitrage et responsabilité.',
    cookiesDescription:
      'Les témoins et le stockage du navigateur qu’utilise {brand}, pourquoi, pour combien de temps et comment les effacer. Aucun témoin publicitaire.',
    refundDescription:
      'Quand les paiements en entiercement, les abonnements et les mises en avant sont remboursés sur {brand}, comment l’arbitrage partage un paiement et les délais de remboursement.',

    lastUpdated: 'Dernière mise à jour : {date}',
    summaryTitle: 'En bref',
    onThisPage: 'Sur cette page',
    otherPolicies: 'Nos autres politiques',

    privacySummary1:
      'Nous recueillons ce qu’il faut pour faire fonctionner la place de marché : votre compte, votre profil, vos travaux, vos messages, vos contrats et les références de paiement. Nous ne conservons jamais votre numéro de carte.',
    privacySummary2:
      'Nous communiquons des renseignements seulement à l’autre partie à votre contrat, à notre processeur de paiement, aux arbitres, à nos hébergeurs et aux autorités lorsque la loi l’exige. Nous ne les vendons pas.',
    privacySummary3:
      'Vous pouvez demander à consulter, corriger ou supprimer vos renseignements; nous répondons dans les 30 jours. Si vous supprimez votre compte, nous ne conservons que les documents financiers exigés par la loi.',
    privacySummary4:
      'Les courriels promotionnels ne sont envoyés qu’avec votre consentement, et chacun contient un lien de désabonnement.',

    termsSummary1:
      '{brand} met en relation des clients et des entrepreneurs indépendants. Le contrat de service de chaque travail est conclu entre le client et l’entrepreneur, pas avec nous.',
    termsSummary2:
      'Il faut avoir {minAge} ans ou plus pour utiliser {brand} et {paidAge} ans ou plus pour un forfait payant. Les comptes client et entrepreneur exigent des adresses courriel distinctes.',
    termsSummary3:
      'Le client paie en entiercement; l’argent est versé quand il approuve le travail. L’entrepreneur paie des frais de plateforme seulement sur les travaux menés à bien.',
    termsSummary4:
      'Les litiges vont en arbitrage et un arbitre humain rend la décision finale, sans vous retirer les droits que vous accorde la loi sur la protection du consommateur.',

    cookiesSummary1:
      'Nous utilisons quatre témoins, tous strictement nécessaires : votre session de connexion, votre choix de langue, le lien entre votre inscription et sa confirmation, et un repère pour que la page suivante montre votre dernière modification.',
    cookiesSummary2:
      'Votre navigateur conserve aussi quelques préférences, comme votre thème, votre couleur d’accent et les annonces que vous avez fermées.',
    cookiesSummary3: 'Aucun témoin publicitaire, aucun traceur de tiers et aucun profilage d’un site à l’autre.',
    cookiesSummary4: 'Vous pouvez tout effacer en tout temps dans les réglages de votre navigateur.',

    refundSummary1:
      'Votre paiement pour un travail est gardé en entiercement et n’est versé à l’entrepreneur que lorsque vous approuvez le travail.',
    refundSummary2: 'Si vous annulez avant le début des travaux, vous êtes remboursé en entier : rien n’est retenu.',
    refundSummary3:
      'En cas de problème, l’arbitrage décide du partage de l’entiercement. L’argent est versé dans les 2 à 3 jours ouvrables suivant la décision.',
    refundSummary4:
      'Le forfait Local peut être annulé en tout temps et prend fin avec le mois payé. Les mises en avant ne sont pas remboursables une fois commencées.',

    feeTierCaption: 'Frais de plateforme selon la valeur du travail, payés par l’entrepreneur',
    feeTierJobValue: 'Valeur du travail',
    feeTierRate: 'Frais de plateforme',
    feeTierUnder: 'Moins de {to}',
    feeTierRange: 'De {from} à {to}',
    feeTierFrom: '{from} et plus',
  },
});
