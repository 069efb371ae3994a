import { defineMessages } from '../index.ts';

/** The auditor view of the admin dashboard (issue 8). */
export const auditTrailMessages = defineMessages({
  en: {
    title: 'Auditor view',
    intro:
      'Replay any escrow, contract, dispute, payout, plan, listing boost or switch-user record: every event with who did it and when, the state at any instant, and a check that nothing in the history was altered.',
    stream: 'Stream',
    streamHint:
      'escrow-<job id>, contract-<job id>, dispute-<job id>, payout-<payout id>, plan-<account id>, listing-boost-<account id> or user-switch-<account id>',
    asOf: 'State as of (optional)',
    history: 'Show history',
    verify: 'Verify the chain',
    loading: 'Loading…',
    failed: 'Could not load this stream.',
    revision: '#',
    time: 'Time',
    type: 'Event',
    actor: 'Actor',
    system: 'system',
    formerMember: 'Former member',
    hash: 'Hash',
    state: 'State as of {when} ({count} of {total} events)',
    stateNow: 'Current state ({total} events)',
    intact: 'Chain intact — {count} events',
    broken: 'Chain broken at event #{revision} ({type}): {reason}',
  },
  fr: {
    title: 'Vue de l’auditeur',
    intro:
      'Rejouez tout entiercement, contrat, litige, versement, forfait, mise en avant ou registre de changements d’utilisateur : chaque événement avec son auteur et son heure, l’état à tout instant, et une vérification que rien dans l’historique n’a été modifié.',
    stream: 'Flux',
    streamHint:
      'escrow-<id du travail>, contract-<id du travail>, dispute-<id du travail>, payout-<id du versement>, plan-<id du compte>, listing-boost-<id du compte> ou user-switch-<id du compte>',
    asOf: 'État au (facultatif)',
    history: 'Afficher l’historique',
    verify: 'Vérifier la chaîne',
    loading: 'Chargement…',
    failed: 'Impossible de charger ce flux.',
    revision: 'no',
    time: 'Heure',
    type: 'Événement',
    actor: 'Auteur',
    system: 'système',
    formerMember: 'Ancien membre',
    hash: 'Empreinte',
    state: 'État au {when} ({count} événements sur {total})',
    stateNow: 'État actuel ({total} événements)',
    intact: 'Chaîne intacte — {count} événements',
    broken: 'Chaîne rompue à l’événement no {revision} ({type}) : {reason}',
  },
});
