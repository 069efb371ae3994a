import { defineMessages } from '../index.ts';

/**
 * /subscriptions and the plan gates' upgrade links. Plan, limit, boost and badge names come from
 * pricingMessages (keys `plan:<id>`, `limit:<key>`, `boost:<id>`, `badge:<id>`).
 */
export const plansMessages = defineMessages({
  en: {
    seePlans: 'See plans and upgrade',
  },
  fr: {
    seePlans: 'Voir les forfaits et passer au supérieur',
  },
});
