import { defineMessages } from '../index.ts';

/** /admin-dashboard: the record of who acted as whom through switch-user. */
export const adminUserSwitchesMessages = defineMessages({
  en: {
    title: 'Switch-user record',
    intro:
      'Who acted as whom, newest first. Each account’s switches are a hash-chained stream the auditor view replays and verifies.',
    loading: 'Loading the switch-user record…',
    loadFailed: 'The switch-user record could not be loaded.',
    tryAgain: 'Try again',
    empty: 'No one has switched user yet.',
    actedAs: '{actor} acted as {target}',
    'mode:admin': 'Admin support',
    'mode:demo': 'Demo',
    formerMember: 'Former member',
    stream: 'Audit stream: {stream}',
    range: '{from}–{to} of {total}',
    pages: 'Switch-user record pages',
    previous: 'Previous',
    next: 'Next',
  },
  fr: {
    title: 'Registre des changements d’utilisateur',
    intro:
      'Qui a agi en tant que qui, du plus récent au plus ancien. Les changements de chaque compte forment un flux à chaîne d’empreintes que la vue de l’auditeur rejoue et vérifie.',
    loading: 'Chargement du registre des changements d’utilisateur…',
    loadFailed: 'Le registre des changements d’utilisateur n’a pas pu être chargé.',
    tryAgain: 'Réessayer',
    empty: 'Personne n’a encore changé d’utilisateur.',
    actedAs: '{actor} a agi en tant que {target}',
    'mode:admin': 'Soutien administratif',
    'mode:demo': 'Démo',
    formerMember: 'Ancien membre',
    stream: 'Flux d’audit : {stream}',
    range: '{from} à {to} sur {total}',
    pages: 'Pages du registre des changements d’utilisateur',
    previous: 'Précédent',
    next: 'Suivant',
  },
});
