/** The mobile menu's links (also the desktop header navigation), in order (docs/product.md#site). */
export const NAV_LINKS = [
  { key: 'browseContractors', path: '/contractors' },
  { key: 'becomeContractor', path: '/become-contractor' },
  { key: 'createWorkOrder', path: '/platform' },
  { key: 'findWork', path: '/browse-jobs' },
  { key: 'openBids', path: '/open-bids' },
] as const;

export type NavLink = (typeof NAV_LINKS)[number];

/** Footer legal links (docs/product.md#site). */
export const LEGAL_LINKS = [
  { key: 'privacyPolicy', path: '/privacy-policy' },
  { key: 'termsOfService', path: '/terms-of-service' },
  { key: 'cookiePolicy', path: '/cookie-policy' },
  { key: 'refundPolicy', path: '/refund-policy' },
] as const;
