import type { AnnouncementTexts } from './en.ts';

/** The announcements' Canadian French texts (see ./en.ts). */
export const announcementsFr: { [K in keyof AnnouncementTexts]: string } = {
  typeFeature: 'Nouvelle fonctionnalité',
  typeRollout: 'Déploiement',
  typeMaintenance: 'Maintenance',
  typeCelebration: 'Célébration',

  gotIt: 'Compris',
  remindLater: 'Me le rappeler plus tard',
  close: 'Fermer',
  opensInNewTab: '(s’ouvre dans un nouvel onglet)',

  updatesTitle: 'Nouveautés',
  updatesDescription: 'Les nouvelles de la plateforme et ce qui s’en vient.',
  updatesEmpty: 'Aucune annonce pour le moment.',
  statusLabel: 'État :',
  statusNew: 'Nouveau',
  statusDismissed: 'Masquée',
  statusSnoozed: 'Reportée jusqu’au {time}',
  showAgain: 'Afficher de nouveau les annonces masquées',
  showAgainDone:
    'C’est fait. Les annonces masquées ou reportées s’afficheront de nouveau au prochain chargement d’une page.',

  roadmapTitle: 'Ce qui s’en vient : notre feuille de route 2025',
  roadmapMessage:
    'Nous préparons quatre nouvelles façons de financer, de mettre en valeur et d’échanger dans votre communauté. Voici ce qui arrive.',
  roadmapAction: 'Créer mon profil d’entrepreneur',
  roadmapCrowdfundingTitle: 'Sociofinancement communautaire',
  roadmapCrowdfundingDescription:
    'Mettez des fonds en commun avec vos voisins pour payer des projets locaux, d’un jardin communautaire à la réparation d’une patinoire. Chaque contribution reste en fiducie jusqu’à la fin des travaux.',
  roadmapGalleryTitle: 'Galerie et portfolio',
  roadmapGalleryDescription:
    'Les entrepreneurs pourront présenter des photos avant-après et leurs projets terminés sur leur profil, pour que les clients jugent le travail avant de réserver.',
  roadmapBlockchainTitle: 'Intégration de la chaîne de blocs',
  roadmapBlockchainDescription:
    'Un registre facultatif et infalsifiable des contrats signés et des paiements libérés de la fiducie, pour que les deux parties puissent vérifier l’historique d’un contrat.',
  roadmapAuctionTitle: 'Encan d’articles ménagers',
  roadmapAuctionDescription:
    'Vendez les meubles, outils et électroménagers dont vous n’avez plus besoin à des acheteurs près de chez vous, par de courts encans locaux.',
};
