import { defineMessages } from '../index.ts';

/**
 * The arbitration information dialog (docs/product.md#disputes). The rules' own sentences
 * (evidence, timings, decision matrix) are shared with the quality dialog in info-dialogs.ts.
 */
export const arbitrationMessages = defineMessages({
  en: {
    title: 'Arbitration Services',
    description: 'How disputes are decided: AI-assisted analysis, then a human arbitrator’s binding decision.',
    intro:
      'If a job goes wrong, either party can open a dispute. The money stays in escrow until the dispute is decided, and it is then released according to the outcome.',
    howTitle: 'How a dispute works',
    submitTitle: 'Submit the dispute with evidence',
    submitText: 'Evidence is scored; stronger evidence weighs more:',
    analysisTitle: 'AI analysis',
    reviewTitle: 'Human arbitrator',
    payoutTitle: 'Payout',
    matrixTitle: 'Decision matrix',
    matrixIntro:
      'The case is scored on quality, price and timeline, each out of {max}. The average points to one of these outcomes:',
    categoriesTitle: 'Score categories and default scores',
    dashboard: 'View Arbitration Dashboard',
  },
  fr: {
    title: 'Services d’arbitrage',
    description:
      'Comment les litiges sont tranchés : une analyse assistée par IA, puis la décision exécutoire d’un arbitre humain.',
    intro:
      'Si un travail tourne mal, l’une ou l’autre des parties peut ouvrir un litige. L’argent reste en fiducie jusqu’à la décision, puis il est libéré selon celle-ci.',
    howTitle: 'Déroulement d’un litige',
    submitTitle: 'Soumettre le litige avec des preuves',
    submitText: 'Les preuves reçoivent un pointage; les plus solides pèsent davantage :',
    analysisTitle: 'Analyse par IA',
    reviewTitle: 'Arbitre humain',
    payoutTitle: 'Versement',
    matrixTitle: 'Grille de décision',
    matrixIntro:
      'Le dossier est noté sur la qualité, le prix et l’échéancier, chacun sur {max}. La moyenne mène à l’un de ces résultats :',
    categoriesTitle: 'Catégories de notes et notes par défaut',
    dashboard: 'Voir le tableau de bord d’arbitrage',
  },
});
