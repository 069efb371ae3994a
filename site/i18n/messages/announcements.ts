import { defineMessages } from '../index.ts';

/**
 * The announcement popup, the Updates dialog and the texts of the announcements themselves
 * (site/islands/announcements/catalogue.ts points at the `roadmap…` keys). 'Got it' and
 * 'Remind later' are the spec's words (sections 2 and 4).
 */
export const announcementMessages = defineMessages({
  en: {
    typeFeature: 'New feature',
    typeRollout: 'Rollout',
    typeMaintenance: 'Maintenance',
    typeCelebration: 'Celebration',

    gotIt: 'Got it',
    remindLater: 'Remind later',
    close: 'Close',
    opensInNewTab: '(opens in a new tab)',

    updatesTitle: 'Updates',
    updatesDescription: 'News about the marketplace and what is coming next.',
    updatesEmpty: 'There are no announcements yet.',
    statusLabel: 'Status:',
    statusNew: 'New',
    statusDismissed: 'Dismissed',
    statusSnoozed: 'Snoozed until {time}',
    showAgain: 'Show dismissed announcements again',
    showAgainDone: 'Done. Dismissed and snoozed announcements will show again the next time a page loads.',

    roadmapTitle: 'What’s coming next: our 2025 roadmap',
    roadmapMessage:
      'We’re building four new ways to fund, showcase and trade in your community. Here’s what is on the way.',
    roadmapAction: 'Build your contractor profile',
    roadmapCrowdfundingTitle: 'Community crowdfunding',
    roadmapCrowdfundingDescription:
      'Pool money with your neighbours to pay for local projects, from a community garden to a rink repair. Every contribution is held in escrow until the work is done.',
    roadmapGalleryTitle: 'Gallery and portfolio',
    roadmapGalleryDescription:
      'Contractors will show before-and-after photos and finished projects on their profile, so customers can judge the work before they book.',
    roadmapBlockchainTitle: 'Blockchain integration',
    roadmapBlockchainDescription:
      'An optional, tamper-evident record of signed contracts and escrow releases, so both parties can check the history of a job.',
    roadmapAuctionTitle: 'Household goods auction',
    roadmapAuctionDescription:
      'Sell the furniture, tools and appliances you no longer need to buyers near you through short local auctions.',
  },
  fr: {
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
  },
});

export type AnnouncementMessageKey = keyof (typeof announcementMessages)['en'];
