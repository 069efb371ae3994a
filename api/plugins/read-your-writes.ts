import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandContext } from '../../shared/domain/decider.ts';
import { positionToString, type Position } from '../../shared/eventstore/types.ts';

/** Metadata for the events a request appends. */
export function commandContext(request: FastifyRequest): CommandContext {
  return {
    actorId: request.session?.userId ?? null,
    correlationId: request.id,
    now: new Date(),
  };
}

/**
 * Answers a command only after the read models the caller reads next include its write, so the
 * UI never shows stale data right after the user's own action. Past the bounded wait the answer
 * is 202 with the position, which the client may poll for.
 */
export async function answerAfterProjections<Body extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  position: Position | null,
  body: Body,
  options: { projections?: readonly string[]; statusCode?: number } = {},
) {
  const statusCode = options.statusCode ?? 200;
  if (!position) return reply.code(statusCode).send(body);
  const { checkpoints } = request.server.runtime;
  const reached = await checkpoints.waitFor(position, {
    projections: options.projections,
    timeoutMs: request.server.config.READ_YOUR_WRITES_TIMEOUT_MS,
  });
  if (reached) return reply.code(statusCode).send(body);
  const at = positionToString(position);
  return reply
    .code(202)
    .header('x-event-position', at)
    .send({ ...body, pending: true, position: at });
}

/**
 * Like answerAfterProjections, for commands that answer with a view read back from the read
 * models: waits for them to include the write, then builds the view. Past the bounded wait the
 * view (possibly stale) goes out as 202 with the position.
 */
export async function answerWithView<Body extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  position: Position | null,
  projections: readonly string[],
  build: () => Promise<Body>,
  statusCode = 200,
) {
  const reached =
    !position ||
    (await request.server.runtime.checkpoints.waitFor(position, {
      projections,
      timeoutMs: request.server.config.READ_YOUR_WRITES_TIMEOUT_MS,
    }));
  const body = await build();
  if (reached) return reply.code(statusCode).send(body);
  const at = positionToString(position);
  return reply
    .code(202)
    .header('x-event-position', at)
    .send({ ...body, pending: true, position: at });
}
