import { defineMessages } from '../index.ts';

/** The landing page's Quality & Price Evaluation System dialog (docs/product.md#site): six topics. */
export const qualityEvaluationMessages = defineMessages({
  en: {
    title: 'Quality & Price Evaluation System',
    description: 'How work and prices are judged when a customer and a contractor disagree.',
    aiTitle: 'AI Evidence Analysis',
    aiText: 'Each piece of evidence in a dispute is scored:',
    categoriesTitle: 'Quality Categories',
    categoriesText:
      'A case is scored from {min} to {max} in three categories, and their average drives the decision. Each starts from a default score:',
    matrixTitle: 'Decision Matrix',
    matrixText: 'The average score points to one of four outcomes, each with its split of the escrowed amount:',
    feesTitle: 'Fee Structure',
    feesText: 'The platform’s transaction fee depends on the job value:',
    oversightTitle: 'Human Oversight',
    oversightText: 'An AI analysis never has the last word against a party’s wishes:',
    standardsTitle: 'Quality Standards',
    standardsContract:
      'Every job has a contract, signed digitally by both parties; it is the standard the work is judged against.',
    standardsApproval: 'The customer approves completed work before escrow is released to the contractor.',
    standardsBadges:
      'Performance badges are earned free from a contractor’s record; verified credential badges, for paid plans, show that a licence, insurance, a background check or a trade certificate was checked.',
    standardsRatings:
      'Ratings from completed jobs build each contractor’s record, which customers can see before they hire.',
  },
  fr: {
    title: 'Système d’évaluation de la qualité et des prix',
    description: 'Comment le travail et les prix sont jugés quand un client et un entrepreneur sont en désaccord.',
    aiTitle: 'Analyse des preuves par IA',
    aiText: 'Chaque preuve versée à un litige reçoit un pointage :',
    categoriesTitle: 'Catégories de qualité',
    categoriesText:
      'Un dossier est noté de {min} à {max} dans trois catégories, et leur moyenne oriente la décision. Chacune part d’une note par défaut :',
    matrixTitle: 'Grille de décision',
    matrixText: 'La note moyenne mène à l’un de quatre résultats, chacun avec sa répartition du montant en fiducie :',
    feesTitle: 'Structure des frais',
    feesText: 'Les frais de transaction de la plateforme dépendent de la valeur du travail :',
    oversightTitle: 'Supervision humaine',
    oversightText: 'Une analyse par IA n’a jamais le dernier mot contre la volonté d’une partie :',
    standardsTitle: 'Normes de qualité',
    standardsContract:
      'Chaque travail a un contrat, signé électroniquement par les deux parties; c’est la norme selon laquelle le travail est jugé.',
    standardsApproval:
      'Le client approuve le travail terminé avant que l’argent en fiducie soit versé à l’entrepreneur.',
    standardsBadges:
      'Les badges de performance s’obtiennent gratuitement grâce à l’historique de l’entrepreneur; les badges de titres vérifiés, pour les forfaits payants, indiquent qu’un permis, une assurance, une vérification des antécédents ou un certificat de métier a été vérifié.',
    standardsRatings:
      'Les évaluations des travaux terminés bâtissent l’historique de chaque entrepreneur, que les clients peuvent consulter avant d’embaucher.',
  },
});
