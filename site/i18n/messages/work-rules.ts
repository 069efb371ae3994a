import { WORK_LIMITS, WORK_MESSAGES, WORK_ORDER_PHOTO_LIMIT } from '../../../shared/domain/work/rules.ts';
import { POSTAL_CODE_MESSAGE } from '../../../shared/geo/postal-code.ts';
import { defineMessages } from '../index.ts';

/**
 * The work rules the forms check before sending (shared/domain/work/rules.ts), in the page's
 * language. The English is the server's own text; the French is what the API answers a French page
 * (api/i18n/errors-fr.ts, kept equal by work-rules.test.ts), without that whole catalogue in the page.
 */
export const workRuleMessages = defineMessages({
  en: {
    title: WORK_MESSAGES.title,
    description: WORK_MESSAGES.description,
    category: WORK_MESSAGES.category,
    budgetPositive: WORK_MESSAGES.budgetPositive,
    budgetMax: WORK_MESSAGES.budgetMax,
    budgetOrder: WORK_MESSAGES.budgetOrder,
    preferredDatesCount: WORK_MESSAGES.preferredDatesCount,
    locationRequired: WORK_MESSAGES.locationRequired,
    photos: WORK_MESSAGES.photos,
    price: WORK_MESSAGES.price,
    duration: WORK_MESSAGES.duration,
    earliestStartFormat: WORK_MESSAGES.earliestStartFormat,
    earliestStartPast: WORK_MESSAGES.earliestStartPast,
    proposalMessage: WORK_MESSAGES.proposalMessage,
    postalCode: POSTAL_CODE_MESSAGE,
  },
  fr: {
    title: `Le titre doit comporter de ${WORK_LIMITS.titleMin} à ${WORK_LIMITS.titleMax} caractères`,
    description: `Veuillez décrire le travail en ${WORK_LIMITS.descriptionMin} à ${WORK_LIMITS.descriptionMax} caractères`,
    category: 'Veuillez choisir une catégorie',
    budgetPositive: 'Le budget doit être supérieur à 0 $',
    budgetMax: 'Le budget peut être d’au plus 1 000 000 $',
    budgetOrder: 'Le budget minimum ne peut pas dépasser le maximum',
    preferredDatesCount: `Choisissez au plus ${WORK_LIMITS.preferredDatesMax} dates souhaitées`,
    locationRequired: 'Entrez le code postal où les travaux ont lieu, ou indiquez que le travail se fait à distance',
    photos: `Un bon de travail peut avoir au plus ${WORK_ORDER_PHOTO_LIMIT} photos`,
    price: 'Le prix doit être supérieur à 0 $ et d’au plus 1 000 000 $',
    duration: `La durée doit être de ${WORK_LIMITS.durationHoursMin} à ${WORK_LIMITS.durationHoursMax} heures, par demi-heures`,
    earliestStartFormat: 'Le début au plus tôt doit être une date du calendrier (AAAA-MM-JJ)',
    earliestStartPast: 'Le début au plus tôt ne peut pas être dans le passé',
    proposalMessage: `Le message doit comporter de ${WORK_LIMITS.proposalMessageMin} à ${WORK_LIMITS.proposalMessageMax} caractères`,
    postalCode: 'Veuillez entrer un code postal canadien valide (A1A 1A1)',
  },
});

export type WorkRuleMessages = (typeof workRuleMessages)['en'];
