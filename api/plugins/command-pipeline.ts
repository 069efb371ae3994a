import type { FastifySchema, FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Role } from '../../shared/domain/accounts/events.ts';
import {
  handleCommand,
  type CommandContext,
  type CommandResult,
  type Decider,
  type DomainEvent,
} from '../../shared/domain/decider.ts';
import { comparePositions, positionToString, type Position } from '../../shared/eventstore/types.ts';
import { signedInUser, type CurrentUser } from './auth.ts';
import { WROTE_AT_COOKIE } from './answer-cache.ts';

/**
 * The command pipeline (docs/architecture.md, "The life of a command"): a state-changing route is
 * one declaration, and every such route runs the same steps in the same order:
 *
 *   authenticate (session, then role) → validate (zod: params, query, body) → decide and append
 *   (through the deciders, in `run`) → wait until the caller's read models include the write →
 *   answer (a body, or a view read back from the read models).
 *
 * Ownership is the module's to check inside `run`, against its own read models, before deciding;
 * a stranger gets the same 404 as a missing id.
 */

/** Who may call: any signed-in account, or only these roles. */
export type Access = 'signed-in' | readonly [Role, ...Role[]];

type Schema = {
  tags: string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response: Record<number, z.ZodType>;
};

type Input<S extends Schema> = {
  request: FastifyRequest;
  reply: FastifyReply;
  user: CurrentUser;
  params: S['params'] extends z.ZodType ? z.output<S['params']> : undefined;
  query: S['querystring'] extends z.ZodType ? z.output<S['querystring']> : undefined;
  body: S['body'] extends z.ZodType ? z.output<S['body']> : undefined;
  context: CommandContext;
  /**
   * Reads the stream, decides and appends (shared/domain/decider.ts handleCommand) with this
   * request's metadata; the pipeline remembers the furthest position appended.
   */
  decide<State, Command, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command | ((state: State) => Command | Promise<Command>),
    options?: { expectedRevision?: bigint; retries?: number },
  ): Promise<CommandResult<State, Event>>;
  /** For writes made elsewhere (a workflow such as funding an escrow): wait for this position too. */
  appended(position: Position | null): void;
};

/** What `run` answers: a body now, or a view built once the read models have the write. */
type Answer<Body> = Body | (() => Promise<Body>);

export type CommandRoute<S extends Schema, Body extends object> = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: Access;
  schema: S;
  config?: FastifyContextConfig;
  /** The read models the caller reads next; the answer waits for them (default: all). */
  readModels?: readonly string[];
  /** The status of a settled answer (default 200). */
  statusCode?: number;
  run(input: Input<S>): Promise<Answer<Body>>;
};

declare module 'fastify' {
  interface FastifyInstance {
    command<S extends Schema, Body extends object>(route: CommandRoute<S, Body>): void;
  }
}

/**
 * The one "answer after the read models" step: once every named read model has passed `position`
 * the answer is `statusCode` with the body (or the view built then, so it is what the next GET
 * shows); past the bounded wait (READ_YOUR_WRITES_TIMEOUT_MS) it is 202 with the position, which
 * the client may poll for, and the body as far as it is known.
 */
export async function answerAfterReadModels<Body extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  position: Position | null,
  answer: Answer<Body>,
  options: { readModels?: readonly string[]; statusCode?: number } = {},
) {
  const reached =
    !position ||
    (await request.server.runtime.checkpoints.waitFor(position, {
      projections: options.readModels,
      timeoutMs: request.server.config.READ_YOUR_WRITES_TIMEOUT_MS,
    }));
  const body = typeof answer === 'function' ? await answer() : answer;
  // The caller's next reads, on whichever API process, wait (briefly) until that process has heard
  // of the write: after a 202 too, when they are the polls for it.
  if (position) {
    reply.setCookie(WROTE_AT_COOKIE, positionToString(position), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: 60,
    });
  }
  if (reached) return reply.code(options.statusCode ?? 200).send(body);
  const at = positionToString(position);
  return reply
    .code(202)
    .header('x-event-position', at)
    .send({ ...body, pending: true, position: at });
}

/** Metadata for the events a request appends. */
export function commandContext(request: FastifyRequest): CommandContext {
  return { actorId: request.session?.userId ?? null, correlationId: request.id, now: new Date() };
}

/** The 202 answer is the settled one marked pending, unless the route describes its own. */
function withPendingAnswer(response: Record<number, z.ZodType>, statusCode: number) {
  if (response[202]) return response;
  const settled = response[statusCode];
  if (!settled) return response;
  const pending =
    settled instanceof z.ZodObject ? settled.extend({ pending: z.literal(true), position: z.string() }) : settled;
  return { ...response, 202: pending };
}

export default fp(
  async function commandPipeline(app: FastifyInstance) {
    app.decorate('command', function <S extends Schema, Body extends object>(route: CommandRoute<S, Body>) {
      const statusCode = route.statusCode ?? 200;
      const authenticate = route.access === 'signed-in' ? app.requireUser : app.requireRole(...route.access);
      // Validation is the zod type provider's (api/app.ts); the input's types come from the schema (Input).
      app.route({
        method: route.method,
        url: route.url,
        onRequest: authenticate,
        config: route.config,
        schema: { ...route.schema, response: withPendingAnswer(route.schema.response, statusCode) } as FastifySchema,
        handler: async (request, reply) => {
          const user = await signedInUser(request);
          const context = commandContext(request);
          const { store } = request.server.runtime;
          let furthest: Position | null = null;
          const appended = (position: Position | null) => {
            if (position && (!furthest || comparePositions(position, furthest) > 0)) furthest = position;
          };
          const input = {
            request,
            reply,
            user,
            params: request.params,
            query: request.query,
            body: request.body,
            context,
            appended,
            async decide<State, Command, Event extends DomainEvent>(
              streamId: string,
              decider: Decider<State, Command, Event>,
              command: Command | ((state: State) => Command | Promise<Command>),
              options?: { expectedRevision?: bigint; retries?: number },
            ) {
              const result = await handleCommand(store, streamId, decider, command, context, options);
              appended(result.position);
              return result;
            },
          } as Input<S>;
          const answer = await route.run(input);
          await answerAfterReadModels(request, reply, furthest, answer, { readModels: route.readModels, statusCode });
          return reply;
        },
      });
    });
  },
  { name: 'command-pipeline', dependencies: ['auth'] },
);
