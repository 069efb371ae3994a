/** The messages the dispute rules answer with (the API sends them as `{ error }`). */
export const DISPUTE_LIMITS = {
  descriptionMin: 20,
  descriptionMax: 4000,
  captionMax: 500,
  reasonsMin: 20,
  reasonsMax: 4000,
  /** Files each party may attach to one case. */
  filesPerParty: 10,
} as const;

export const DISPUTE_MESSAGES = {
  notFound: 'Dispute not found.',
  escrowNotFound: 'There is no escrow for this job, so there is nothing to dispute.',
  notAParty: 'Only the customer and the contractor of this job can open or answer its dispute.',
  alreadyOpen: 'This job already has a dispute. Follow it on the arbitration status page.',
  notHeld: 'Only money held in escrow can be disputed: this job’s escrow is not funded, or was already paid out.',
  description: `Describe the problem in ${DISPUTE_LIMITS.descriptionMin} to ${DISPUTE_LIMITS.descriptionMax.toLocaleString('en-CA')} characters.`,
  statement: `Write your answer in ${DISPUTE_LIMITS.descriptionMin} to ${DISPUTE_LIMITS.descriptionMax.toLocaleString('en-CA')} characters.`,
  caption: `A caption is at most ${DISPUTE_LIMITS.captionMax} characters.`,
  openerCannotAnswer: 'You opened this dispute: the other party answers it. You can still add evidence.',
  alreadyAnswered: 'This dispute was already answered.',
  responseWindowOver: 'The 5 days to answer this dispute are over.',
  responseWindowOpen: 'The 5 days to answer have not passed yet.',
  evidenceClosed: 'Evidence can be added only until the other party has answered or the 5 days are over.',
  tooManyFiles: `Each party can attach at most ${DISPUTE_LIMITS.filesPerParty} files to a dispute.`,
  notReady: 'The case is not ready for analysis yet.',
  alreadyAnalysed: 'This case was already analysed.',
  noProposal: 'There is no proposed resolution to appeal.',
  appealWindowOver: 'The 48 hours to ask for a human review are over: the proposed resolution is final.',
  appealWindowOpen: 'The 48 hours to ask for a human review have not passed yet.',
  alreadyAppealed: 'A human review was already requested.',
  notReadyForDecision: 'The case is not ready for a decision: it waits for the answer or the analysis.',
  closed: 'This case is closed: a decision was already made.',
  proposalPending:
    'A resolution is proposed: it becomes final when the 48 hours pass, unless a party asks for a human review.',
  voided: 'This dispute was voided because the escrow no longer held the money.',
  reasons: `Write the reasons for the decision in ${DISPUTE_LIMITS.reasonsMin} to ${DISPUTE_LIMITS.reasonsMax.toLocaleString('en-CA')} characters.`,
  shares:
    'A custom split needs whole percentages for the customer, the contractor and the platform that add up to 100%.',
  sharesForOutcome: 'Give shares only with a custom split: the matrix outcomes have theirs.',
  evidenceNotFound: 'This evidence was not found.',
} as const;
