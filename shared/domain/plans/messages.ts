/** What the plans module answers, in one place for the decider, the routes and the tests. */
export const PLAN_MESSAGES = {
  notOffered: 'This plan is not offered yet.',
  free: 'The Starter plan is free: there is nothing to buy. Cancel your paid plan to return to it.',
  tooYoung: 'Paid subscriptions require you to be 18 or older.',
  alreadyOn: (name: string) => `You are already on the ${name} plan.`,
  resumeInstead: (name: string) =>
    `Your ${name} plan is set to end at the close of this period. Resume it instead of buying it again.`,
  hasPaidPlan: 'Cancel your current plan before choosing another one.',
  noPaidPlan: 'You are on the free Starter plan: there is nothing to cancel.',
  alreadyCancelling: 'Your plan is already set to end at the close of this period.',
  notCancelling: 'Your plan is not set to end.',
  periodOver: 'This period has ended; buy the plan again to continue.',
  notDue: 'This plan is not due for renewal yet.',
  boostNotOffered: 'This boost does not exist.',
  boostContractorsOnly: 'Listing boosts are for contractors: they lift a listing in the directory.',
  cardRequired: 'Enter a card to pay for this.',
} as const;
