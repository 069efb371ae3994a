/** One stream per acting account, hash-chained (shared/eventstore/hash-chain.ts) and auditable. */
export const USER_SWITCH_STREAM_PREFIX = 'user-switch-';
export const userSwitchStreamId = (actorId: string) => `${USER_SWITCH_STREAM_PREFIX}${actorId}`;
