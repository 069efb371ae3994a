import { UPLOAD_REFUSALS } from '../../../shared/uploads/file-types.ts';
import { defineMessages } from '../index.ts';

/**
 * The API's refusals of an uploaded file (shared/uploads/file-types.ts), in both languages: the
 * English is the API's own wording, so site/lib/upload-refusals.ts can recognise a refusal by its
 * template and show the French one on French pages.
 */
export const uploadRefusalMessages = defineMessages({
  en: { ...UPLOAD_REFUSALS },
  fr: {
    'type:evidence':
      'Les preuves doivent être des photos (JPEG, PNG ou WebP), des vidéos (MP4, MOV ou WebM) ou des documents PDF.',
    'type:credential': 'Les documents justificatifs doivent être des documents PDF ou des photos (JPEG, PNG ou WebP).',
    'type:workPhoto': 'Les photos doivent être des images JPEG, PNG ou WebP',
    'tooLarge:photo': 'Les photos ne peuvent pas dépasser {mb} Mo.',
    'tooLarge:video': 'Les vidéos ne peuvent pas dépasser {mb} Mo.',
    'tooLarge:document': 'Les documents PDF ne peuvent pas dépasser {mb} Mo.',
    'unreadable:photo': 'Cette photo est illisible : il faut une image JPEG, PNG ou WebP complète.',
    'unreadable:video': 'Cette vidéo est illisible : il faut un fichier MP4, MOV ou WebM avec une piste vidéo.',
    'unreadable:document': 'Ce PDF est illisible : il faut un document PDF complet.',
    interrupted: 'L’envoi a été interrompu avant la fin du fichier. Veuillez l’envoyer de nouveau.',
  },
});
