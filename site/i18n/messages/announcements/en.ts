/**
 * The announcements' English texts. One file per language: the popup's server HTML holds the page's
 * language only (components/AnnouncementPopups.astro).
 */
export const announcementsEn = {
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
};

export type AnnouncementTexts = typeof announcementsEn;
