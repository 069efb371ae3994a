import { LEGAL_COPY_MESSAGES } from '../../../shared/domain/legal-copies/messages.ts';
import { defineMessages } from '../index.ts';

/** The admin dashboard's legal copies: the names kept with signatures, read with a reason. */
export const legalCopiesMessages = defineMessages({
  en: {
    title: 'Legal copies of signatures',
    intro:
      'The names the law requires us to keep with each signed contract, also after an account is deleted. Every reading is recorded with your reason.',
    jobId: 'Contract (job id)',
    jobIdInvalid: 'Enter the job id of a contract.',
    reason: 'Reason for reading',
    reasonHint: 'From 10 to 500 characters, for example an audit or a court request. It is recorded.',
    reasonInvalid: LEGAL_COPY_MESSAGES.reason,
    read: 'Read the legal copy',
    loading: 'Reading…',
    failed: 'Could not read the legal copy.',
    tryAgain: 'Try again',
    empty: LEGAL_COPY_MESSAGES.notFound,
    recorded: 'Read at {when}; this reading was recorded.',
    contract: 'Contract version {version} ({template}), {status}',
    'status:awaiting-signatures': 'waiting for signatures',
    'status:executed': 'in force',
    'status:cancelled': 'cancelled',
    'role:customer': 'Customer',
    'role:contractor': 'Contractor',
    nameAtSigning: 'Name at signing',
    typedName: 'Typed name',
    account: 'Account',
    accountDeleted: 'deleted',
    signedAt: 'Signed',
    version: 'Version',
    voided: 'voided by a later version',
    userAgent: 'Browser',
    textHash: 'Text hash',
    hashMatches: 'matches the signature in the log',
    hashMismatch: 'does not match the signature in the log',
    retainUntil: 'Kept until',
  },
  fr: {
    title: 'Copies légales des signatures',
    intro:
      'Les noms que la loi nous oblige à conserver avec chaque contrat signé, même après la suppression d’un compte. Chaque consultation est enregistrée avec votre motif.',
    jobId: 'Contrat (id du travail)',
    jobIdInvalid: 'Entrez l’id du travail d’un contrat.',
    reason: 'Motif de la consultation',
    reasonHint: 'De 10 à 500 caractères, par exemple une vérification ou une demande d’un tribunal. Il est enregistré.',
    reasonInvalid: 'Indiquez le motif de la consultation de cette copie légale, de 10 à 500 caractères.',
    read: 'Consulter la copie légale',
    loading: 'Consultation…',
    failed: 'Impossible de consulter la copie légale.',
    tryAgain: 'Réessayer',
    empty: 'Aucune copie légale n’est conservée pour ce contrat.',
    recorded: 'Consultée le {when}; cette consultation a été enregistrée.',
    contract: 'Contrat, version {version} ({template}), {status}',
    'status:awaiting-signatures': 'en attente de signatures',
    'status:executed': 'en vigueur',
    'status:cancelled': 'annulé',
    'role:customer': 'Client',
    'role:contractor': 'Entrepreneur',
    nameAtSigning: 'Nom à la signature',
    typedName: 'Nom tapé',
    account: 'Compte',
    accountDeleted: 'supprimé',
    signedAt: 'Signé',
    version: 'Version',
    voided: 'annulée par une version ultérieure',
    userAgent: 'Navigateur',
    textHash: 'Empreinte du texte',
    hashMatches: 'correspond à la signature du journal',
    hashMismatch: 'ne correspond pas à la signature du journal',
    retainUntil: 'Conservée jusqu’au',
  },
});

/** The server's messages for this screen, in the page's language (anything else as the server wrote it). */
export function legalCopyServerMessage(message: string, locale: 'en' | 'fr'): string {
  if (message === LEGAL_COPY_MESSAGES.reason) return legalCopiesMessages[locale].reasonInvalid;
  if (message === LEGAL_COPY_MESSAGES.notFound) return legalCopiesMessages[locale].empty;
  return message;
}
