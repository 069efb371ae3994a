import type { Decider } from '../decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import {
  withoutLegacyNames,
  type ContractEvent,
  type ContractRole,
  type ContractSchedule,
  type ContractSigned,
  type ContractTerms,
  contractEventSchemas,
} from './events.ts';
import { CONTRACT_MESSAGES as M } from './messages.ts';
import { CURRENT_TEMPLATE_VERSION, renderContract } from './template.ts';

export type GenerateContract = { type: 'GenerateContract'; terms: ContractTerms; now: Date };

/** An edit of the terms by a party before both signed. Omitted fields keep their value. */
export type ReviseContract = {
  type: 'ReviseContract';
  actorId: string;
  changes: { title?: string; scope?: string; priceCents?: number; schedule?: ContractSchedule | null };
  now: Date;
};

export type SignContract = {
  type: 'SignContract';
  actorId: string;
  /** The version and text hash the party was shown: a sign-off on anything else is refused. */
  version: number;
  textHash: string;
  /** Compared with the account's name, never recorded in the log (the legal copy keeps it). */
  typedName: string;
  /** The name on the signer's account, looked up by the caller. */
  accountName: string;
  consent: boolean;
  /** The signature's legal copy, written by the caller before the event (shared/personal-data/legal-copies.ts). */
  legalCopyId: string;
  now: Date;
};

/**
 * The job ended. Before any contract was written this leaves a mark on the contract's stream, so a
 * contract generated afterwards from a read model that had not seen the cancellation yet is a no-op.
 */
export type CancelContract = { type: 'CancelContract'; jobId: string; now: Date };

export type ContractCommand = GenerateContract | ReviseContract | SignContract | CancelContract;

export type Signature = ContractSigned['data'];

export type ContractState =
  /** `jobCancelled`: the job was cancelled before its contract was generated, so none ever will be. */
  | { status: 'none'; jobCancelled?: true }
  | {
      status: 'awaiting-signatures' | 'executed' | 'cancelled';
      version: number;
      templateVersion: string;
      terms: ContractTerms;
      textHash: string;
      generatedAt: string;
      /** Signatures on the current version only. */
      signatures: Partial<Record<ContractRole, Signature>>;
      executedAt: string | null;
    };

/** Names compare without case, accents, apostrophes, hyphens or extra spaces: "José  O'Neil" = "jose oneil". */
export function normalisedName(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      // O'Neil, O’Neil and ONeil are the same name. A hyphen separates names like a space does
      // (below), so Jean-Luc and Jean Luc are the same name too.
      .replace(/['’‘`]/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

export function roleOf(terms: ContractTerms, userId: string): ContractRole | null {
  if (terms.customer.userId === userId) return 'customer';
  if (terms.contractor.userId === userId) return 'contractor';
  return null;
}

const initialState = (): ContractState => ({ status: 'none' });

function evolve(state: ContractState, event: ContractEvent): ContractState {
  switch (event.type) {
    case 'ContractGenerated':
      return {
        status: 'awaiting-signatures',
        version: event.data.version,
        templateVersion: event.data.templateVersion,
        terms: event.data.terms,
        textHash: event.data.textHash,
        generatedAt: event.data.generatedAt,
        signatures: {},
        executedAt: null,
      };
    case 'ContractRevised':
      if (state.status === 'none') return state;
      return {
        ...state,
        version: event.data.version,
        templateVersion: event.data.templateVersion,
        terms: event.data.terms,
        textHash: event.data.textHash,
        generatedAt: event.data.revisedAt,
        signatures: {},
      };
    case 'ContractSigned':
      if (state.status === 'none') return state;
      return { ...state, signatures: { ...state.signatures, [event.data.role]: event.data } };
    case 'ContractExecuted':
      if (state.status === 'none') return state;
      return { ...state, status: 'executed', executedAt: event.data.executedAt };
    case 'ContractCancelled':
      if (state.status === 'none') return { status: 'none', jobCancelled: true };
      return { ...state, status: 'cancelled' };
  }
}

const MAX_PRICE_CENTS = 100_000_000;

type Generated = Exclude<ContractState, { status: 'none' }>;

/** Revising and signing need a contract to act on. */
function requireGenerated(state: ContractState): asserts state is Generated {
  if (state.status === 'none') throw new NotFoundError(M.notFound);
}

function decide(command: ContractCommand, state: ContractState): ContractEvent[] {
  const now = command.now.toISOString();
  switch (command.type) {
    case 'GenerateContract':
      return generateContract(command, state, now);
    case 'CancelContract':
      return cancelContract(command, state, now);
    case 'ReviseContract':
      return reviseContract(command, state, now);
    case 'SignContract':
      return signContract(command, state, now);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
    }
  }
}

function generateContract(command: GenerateContract, state: ContractState, now: string): ContractEvent[] {
  // Generation is triggered by the job's events and may run twice (a retried tick): once is
  // enough; and never for a job cancelled before it ran.
  if (state.status !== 'none' || state.jobCancelled) return [];
  // Parties are ids: a name handed in by a caller never reaches the log.
  const terms = withoutLegacyNames(command.terms);
  const rendered = renderContract(terms, { version: 1, generatedAt: now });
  const generated: ContractEvent = {
    type: 'ContractGenerated',
    data: {
      jobId: terms.jobId,
      version: 1,
      templateVersion: CURRENT_TEMPLATE_VERSION,
      terms,
      textHash: rendered.textHash,
      generatedAt: now,
    },
  };
  // A recurring visit is made under the agreement both parties signed: it is executed as generated.
  if (terms.recurring?.kind !== 'visit') return [generated];
  return [
    generated,
    {
      type: 'ContractExecuted',
      data: {
        jobId: terms.jobId,
        version: 1,
        textHash: rendered.textHash,
        customerId: terms.customer.userId,
        contractorId: terms.contractor.userId,
        executedAt: now,
        underAgreement: terms.recurring.subscriptionId,
      },
    },
  ];
}

function cancelContract(command: CancelContract, state: ContractState, now: string): ContractEvent[] {
  if (state.status === 'none') {
    if (state.jobCancelled) return [];
    return [
      {
        type: 'ContractCancelled',
        data: { jobId: command.jobId, version: 0, reason: 'job-cancelled', cancelledAt: now },
      },
    ];
  }
  // An executed contract stays as it was signed; its escrow carries the cancellation.
  if (state.status !== 'awaiting-signatures') return [];
  return [
    {
      type: 'ContractCancelled',
      data: { jobId: state.terms.jobId, version: state.version, reason: 'job-cancelled', cancelledAt: now },
    },
  ];
}

function reviseContract(command: ReviseContract, state: ContractState, now: string): ContractEvent[] {
  requireGenerated(state);
  if (!roleOf(state.terms, command.actorId)) throw new ForbiddenError(M.notAParty);
  if (state.status === 'executed') throw new ConflictError(M.alreadyExecuted);
  if (state.status === 'cancelled') throw new ConflictError(M.cancelled);
  // The visits are booked and charged from the subscription's terms, so its agreement cannot drift from them.
  if (state.terms.recurring) throw new ConflictError(M.recurringTermsFixed);
  const { changes } = command;
  if (
    changes.priceCents !== undefined &&
    (!Number.isSafeInteger(changes.priceCents) || changes.priceCents < 100 || changes.priceCents > MAX_PRICE_CENTS)
  ) {
    throw new ValidationError(M.priceRange);
  }
  // A contract generated before template v2 has its parties' names in its state: they stay behind.
  const terms: ContractTerms = {
    ...withoutLegacyNames(state.terms),
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.scope !== undefined ? { scope: changes.scope } : {}),
    ...(changes.priceCents !== undefined ? { priceCents: changes.priceCents } : {}),
    ...(changes.schedule !== undefined ? { schedule: changes.schedule } : {}),
  };
  if (JSON.stringify(terms) === JSON.stringify(withoutLegacyNames(state.terms))) {
    throw new ConflictError(M.nothingChanged);
  }
  const version = state.version + 1;
  const rendered = renderContract(terms, { version, generatedAt: now });
  return [
    {
      type: 'ContractRevised',
      data: {
        jobId: terms.jobId,
        version,
        templateVersion: CURRENT_TEMPLATE_VERSION,
        terms,
        textHash: rendered.textHash,
        revisedBy: command.actorId,
        voidedSignatures: (['customer', 'contractor'] as const).filter((role) => state.signatures[role]),
        revisedAt: now,
      },
    },
  ];
}

function signContract(command: SignContract, state: ContractState, now: string): ContractEvent[] {
  requireGenerated(state);
  const role = roleOf(state.terms, command.actorId);
  if (!role) throw new ForbiddenError(M.notAParty);
  if (state.status === 'cancelled') throw new ConflictError(M.cancelled);
  if (state.signatures[role] && state.signatures[role]!.version === command.version) {
    throw new ConflictError(M.alreadySigned);
  }
  if (state.status === 'executed') throw new ConflictError(M.alreadyExecuted);
  if (command.version !== state.version || command.textHash !== state.textHash) {
    throw new ConflictError(M.staleVersion);
  }
  if (state.terms.priceCents === null) throw new ConflictError(M.priceNotSet);
  if (!command.consent) throw new ValidationError(M.consentRequired);
  const typed = normalisedName(command.typedName);
  if (typed === '' || typed !== normalisedName(command.accountName)) throw new ValidationError(M.nameMismatch);
  const signed: ContractEvent = {
    type: 'ContractSigned',
    data: {
      jobId: state.terms.jobId,
      version: state.version,
      role,
      userId: command.actorId,
      textHash: state.textHash,
      signedAt: now,
      legalCopyId: command.legalCopyId,
    },
  };
  const other = role === 'customer' ? 'contractor' : 'customer';
  if (!state.signatures[other]) return [signed];
  return [
    signed,
    {
      type: 'ContractExecuted',
      data: {
        jobId: state.terms.jobId,
        version: state.version,
        textHash: state.textHash,
        customerId: state.terms.customer.userId,
        contractorId: state.terms.contractor.userId,
        executedAt: now,
        ...(state.terms.jobKind === 'subscription' ? { jobKind: 'subscription' as const } : {}),
      },
    },
  ];
}

export const contractDecider: Decider<ContractState, ContractCommand, ContractEvent> = {
  eventSchemas: contractEventSchemas,
  initialState,
  evolve,
  decide,
};
