import { defineMessages } from '../index.ts';

/**
 * Strings the information dialogs share (FAQ, arbitration, quality evaluation): plan names, fee
 * tier ranges and the arbitration rules. Every number is a `{placeholder}` filled from
 * shared/domain (fees, plans, disputes), never typed here. Each dialog's own text is in its own
 * file so a dialog's chunk carries only its own prose.
 */
export const infoDialogMessages = defineMessages({
  en: {
    // Plan names are product names, the same in both languages.
    planStarter: 'Starter',
    planLocal: 'Local',
    planPro: 'Pro',
    planEnterprise: 'Enterprise',
    free: 'Free',
    perMonth: '{price}/month',

    tierUnder: 'Under {max}',
    tierBetween: '{min}–{max}',
    tierFrom: '{min} and over',
    tierRow: '{range}: {percent}',
    feeWho:
      'The fee is charged to the contractor, not the customer. It is calculated when escrow is created and deducted only when the job is completed successfully.',
    feeAllTransactions: 'These tiers apply to every job completed normally.',
    feeArbitrationScale:
      'When a human arbitrator decides a dispute, the arbitration scale applies instead, on the amount released to the contractor:',
    feeExample: 'Example: on a {job} job the fee is {fee} ({percent}) and the contractor receives {receives}.',

    evidencePhoto: 'Photo',
    evidenceVideo: 'Video',
    evidenceDocument: 'Document',
    evidenceText: 'Written statement',
    evidencePoints: '{kind}: {points} points',
    evidencePoint: '{kind}: {points} point',
    evidenceBonus: 'A description over {chars} characters: +{bonus}',
    evidenceCap: 'The evidence score is capped at {cap}.',

    categoryQuality: 'Quality',
    categoryPrice: 'Price',
    categoryTimeline: 'Timeline',
    categoryQualityText: 'The workmanship, compared with what the contract describes.',
    categoryPriceText: 'Whether the amount charged matches what was agreed and the work done.',
    categoryTimelineText: 'Whether the work was done on the agreed schedule.',
    defaultScore: 'Default score: {score}/{max}',

    bandAtLeast: 'Average score of {min} or more',
    bandAtMost: 'Average score of {max} or less',
    bandAboveAtMost: 'Average score above {min}, up to {max}',
    bandAboveBelow: 'Average score above {min} and below {max}',
    outcomeContractorFullPayment: 'Favours the contractor: full payment',
    outcomeCustomerRefund: 'Favours the customer: {percent} refund',
    outcomeSharedFault: 'Shared responsibility',
    outcomeMinorIssues: 'Minor issues',
    outcomeContractorFullPaymentNote: 'The usual transaction fee is deducted, as on any completed job.',
    outcomeMinorIssuesNote: 'Also applies when otherwise good work is found to have minor issues.',
    shareCustomer: 'Customer',
    shareContractor: 'Contractor',
    sharePlatform: 'Platform',
    splitLabel: 'Split of the escrowed amount',
    smallJobs: 'Disputes over jobs under {amount} are flagged.',

    aiAnalysis: 'An AI analysis of the evidence is ready within {seconds} seconds.',
    autoResolve:
      'When the analysis is at least {confidence} confident, the case may be resolved automatically, unless either party asks for a human review within {hours} hours.',
    humanReview:
      'A human arbitrator with a law degree, paid a flat rate per case, reviews the case, typically within {min}–{max} hours, and makes a binding final decision.',
    payout:
      'Escrow is released according to the outcome, and the money is paid within {min}–{max} business days after the decision.',
  },
  fr: {
    planStarter: 'Starter',
    planLocal: 'Local',
    planPro: 'Pro',
    planEnterprise: 'Enterprise',
    free: 'Gratuit',
    perMonth: '{price}/mois',

    tierUnder: 'Moins de {max}',
    tierBetween: 'De {min} à {max}',
    tierFrom: '{min} et plus',
    tierRow: '{range} : {percent}',
    feeWho:
      'Les frais sont facturés à l’entrepreneur, pas au client. Ils sont calculés à la création de la fiducie et prélevés seulement quand le travail est terminé avec succès.',
    feeAllTransactions: 'Ces paliers s’appliquent à tous les travaux terminés normalement.',
    feeArbitrationScale:
      'Quand un arbitre humain tranche un litige, le barème d’arbitrage s’applique plutôt, sur le montant libéré à l’entrepreneur :',
    feeExample:
      'Exemple : pour un travail de {job}, les frais sont de {fee} ({percent}) et l’entrepreneur reçoit {receives}.',

    evidencePhoto: 'Photo',
    evidenceVideo: 'Vidéo',
    evidenceDocument: 'Document',
    evidenceText: 'Déclaration écrite',
    evidencePoints: '{kind} : {points} points',
    evidencePoint: '{kind} : {points} point',
    evidenceBonus: 'Une description de plus de {chars} caractères : +{bonus}',
    evidenceCap: 'Le pointage des preuves est plafonné à {cap}.',

    categoryQuality: 'Qualité',
    categoryPrice: 'Prix',
    categoryTimeline: 'Échéancier',
    categoryQualityText: 'La qualité d’exécution, comparée à ce que décrit le contrat.',
    categoryPriceText: 'Si le montant facturé correspond à ce qui a été convenu et au travail fait.',
    categoryTimelineText: 'Si le travail a été fait selon l’échéancier convenu.',
    defaultScore: 'Note par défaut : {score}/{max}',

    bandAtLeast: 'Note moyenne de {min} ou plus',
    bandAtMost: 'Note moyenne de {max} ou moins',
    bandAboveAtMost: 'Note moyenne de plus de {min}, jusqu’à {max}',
    bandAboveBelow: 'Note moyenne de plus de {min} et de moins de {max}',
    outcomeContractorFullPayment: 'En faveur de l’entrepreneur : paiement complet',
    outcomeCustomerRefund: 'En faveur du client : remboursement de {percent}',
    outcomeSharedFault: 'Responsabilité partagée',
    outcomeMinorIssues: 'Problèmes mineurs',
    outcomeContractorFullPaymentNote:
      'Les frais de transaction habituels sont prélevés, comme pour tout travail terminé.',
    outcomeMinorIssuesNote: 'S’applique aussi quand un travail par ailleurs bien fait présente des problèmes mineurs.',
    shareCustomer: 'Client',
    shareContractor: 'Entrepreneur',
    sharePlatform: 'Plateforme',
    splitLabel: 'Répartition du montant en fiducie',
    smallJobs: 'Les litiges portant sur des travaux de moins de {amount} sont signalés.',

    aiAnalysis: 'Une analyse des preuves par IA est prête en moins de {seconds} secondes.',
    autoResolve:
      'Quand l’analyse atteint un degré de confiance d’au moins {confidence}, le dossier peut être réglé automatiquement, sauf si l’une des parties demande un examen humain dans les {hours} heures.',
    humanReview:
      'Un arbitre humain titulaire d’un diplôme en droit, payé à forfait par dossier, examine le dossier, habituellement en {min} à {max} heures, et rend une décision finale exécutoire.',
    payout:
      'Les fonds en fiducie sont libérés selon la décision, et l’argent est versé dans les {min} à {max} jours ouvrables qui suivent.',
  },
});

export type InfoDialogMessages = (typeof infoDialogMessages)['en'];
