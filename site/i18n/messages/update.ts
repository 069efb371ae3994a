import { defineMessages } from '../index.ts';

/** The /update launch splash (docs/product.md#announcements): what the launch brings, shown once before the landing page. */
export const updateMessages = defineMessages({
  en: {
    pageTitle: 'What’s new',
    pageDescription:
      'The marketplace has launched: payments held in escrow, a contract for every job and AI-assisted arbitration, in English and French.',
    eyebrow: 'What’s new: launch',
    headline: 'Your local services marketplace is open',
    lead: 'Book trusted contractors, post a job or collect bids, with your payment protected from the first click to the final approval.',
    highlightsTitle: 'What the launch brings',
    escrowTitle: 'Payments held in escrow',
    escrowText: 'You pay upfront into escrow. The contractor is paid when you approve the finished work.',
    contractsTitle: 'A contract for every job',
    contractsText: 'A smart contract is generated for each job, and both parties sign it digitally.',
    arbitrationTitle: 'AI-assisted arbitration',
    arbitrationText:
      'If something goes wrong, an AI analysis of the evidence arrives within 30 seconds, and a human arbitrator makes the final decision.',
    languagesTitle: 'In English and French',
    languagesText: 'The whole marketplace speaks English and Canadian French. Switch languages from any page.',
    continue: 'Continue to the marketplace',
    onlyOnce: 'This page is shown only once.',
  },
  fr: {
    pageTitle: 'Quoi de neuf',
    pageDescription:
      'La plateforme est lancée : paiements retenus en fiducie, un contrat pour chaque travail et l’arbitrage assisté par l’IA, en français et en anglais.',
    eyebrow: 'Quoi de neuf : le lancement',
    headline: 'Votre plateforme de services locaux est ouverte',
    lead: 'Réservez des entrepreneurs de confiance, publiez un travail ou recevez des soumissions, avec votre paiement protégé du premier clic jusqu’à l’approbation finale.',
    highlightsTitle: 'Ce qu’apporte le lancement',
    escrowTitle: 'Paiements retenus en fiducie',
    escrowText: 'Vous payez d’avance, en fiducie. L’entrepreneur est payé quand vous approuvez le travail terminé.',
    contractsTitle: 'Un contrat pour chaque travail',
    contractsText:
      'Un contrat intelligent est généré pour chaque travail, et les deux parties le signent numériquement.',
    arbitrationTitle: 'Arbitrage assisté par l’IA',
    arbitrationText:
      'En cas de problème, une analyse de la preuve par l’IA arrive en moins de 30 secondes, et un arbitre humain rend la décision finale.',
    languagesTitle: 'En français et en anglais',
    languagesText:
      'Toute la plateforme parle français canadien et anglais. Changez de langue depuis n’importe quelle page.',
    continue: 'Continuer vers la plateforme',
    onlyOnce: 'Cette page ne s’affiche qu’une seule fois.',
  },
});
