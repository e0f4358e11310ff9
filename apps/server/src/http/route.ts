/**
 * Registers one contract call as `POST /webapi/v1/<path>`. The route stays thin: the body is
 * converted from snake_case, validated with the call's zod schema (errors name the field, in the
 * request's language), the caller is authenticated as the call requires, and the handler's result
 * is wrapped as `{ret: 1, data}` in snake_case.
 */
import {
  API_PREFIX,
  type CallDef,
  fromWire,
  isMessageKey,
  type Language,
  type ParsedRequest,
  parseLanguage,
  Ret,
  type Response as CallResponse,
  toWire,
  wirePath,
} from '@kolscope/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isCancelledStatement, QueryContext, RequestCancelled, runInRequest } from '../db/query-context';
import { AppError, rateLimited } from '../services/errors';
import { QueueFull } from '../services/request-limits';
import { checkBody } from './body-check';
import type { Services } from '../services/index';

export type Access = 'public' | 'user' | 'admin';

export interface CallContext {
  lang: Language;
  ip: string;
  userAgent: string;
  /** The session token presented, if any (cookie `token` or `Authorization: Bearer`). */
  token: string | undefined;
  /** Set for 'user' and 'admin' calls. */
  userId: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

export function languageOf(request: FastifyRequest): Language {
  return parseLanguage(request.headers['accept-language']);
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return request.cookies.token || undefined;
}

/** The first problem of a failed parse, as one clear message key with the field it concerns. */
export function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = wirePath(issue?.path ?? []) || 'body';
  if (issue && isMessageKey(issue.message)) return new AppError(Ret.badRequest, issue.message, { field });
  return new AppError(Ret.badRequest, 'field_invalid', { field });
}

/** A call that answers `data: null`: the action runs, whatever it returns is not sent. */
export function defineAction<C extends CallDef>(
  app: FastifyInstance,
  services: Services,
  call: C,
  access: Access,
  action: (body: ParsedRequest<C>, ctx: CallContext) => Promise<unknown>,
): void {
  defineCall(app, services, call, access, async (body, ctx) => {
    await action(body, ctx);
    return null;
  });
}

export function defineCall<C extends CallDef>(
  app: FastifyInstance,
  services: Services,
  call: C,
  access: Access,
  handler: (body: ParsedRequest<C>, ctx: CallContext) => Promise<CallResponse<C> | null>,
): void {
  app.post(`${API_PREFIX}/${call.path}`, async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(Ret.badRequest, 'body_not_object');
    checkBody(body, call);
    const query = new QueryContext(services.requests.timeoutMs);
    query.caller = `ip:${request.ip}`;
    const gone = new AbortController();
    // 'close' comes once, after the answer was sent or when the client left before it.
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      gone.abort(new RequestCancelled('client-gone'));
      services.db.abortRequest(query);
    });
    try {
      return await runInRequest(query, () => run(request, reply, body, query, gone.signal));
    } catch (err) {
      throw answerForCancel(err, query, request);
    }
  });

  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    body: object,
    query: QueryContext,
    gone: AbortSignal,
  ) {
    const token = tokenOf(request);
    const ctx: CallContext = {
      lang: languageOf(request),
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
      token,
      userId: 0,
      request,
      reply,
    };
    if (access !== 'public') {
      const userId = token ? await services.sessions.userIdOf(token) : undefined;
      if (userId === undefined) {
        throw new AppError(Ret.unauthorized, token ? 'session_expired' : 'unauthorized', {}, 401);
      }
      ctx.userId = userId;
      if (access === 'admin' && !(await services.accounts.isAdminById(userId))) {
        throw new AppError(Ret.forbidden, 'forbidden', {}, 403);
      }
    }
    const parsed = call.request.safeParse(fromWire(body));
    if (!parsed.success) throw validationError(parsed.error);
    const caller = ctx.userId ? `user:${ctx.userId}` : `ip:${ctx.ip}`;
    query.caller = caller;
    const release = await enterShare(caller, gone);
    try {
      query.restartClock(); // time spent waiting for its turn is not the request's database time
      const data = await handler(parsed.data as ParsedRequest<C>, ctx);
      return { ret: Ret.ok, data: toWire(data ?? null) };
    } finally {
      release();
    }
  }

  /** The caller's turn among its own requests (services/request-limits.ts); 429 when too many wait. */
  async function enterShare(caller: string, gone: AbortSignal) {
    try {
      return await services.requests.limits.enter(caller, gone);
    } catch (err) {
      if (err instanceof QueueFull) throw rateLimited(1);
      throw err;
    }
  }
}

/**
 * A stopped statement is the request's limits at work, not a fault: 503 when it ran out of time
 * (the client may retry), 499 when the client left (logged; nobody reads the answer).
 */
function answerForCancel(err: unknown, query: QueryContext, request: FastifyRequest): unknown {
  if (!(err instanceof RequestCancelled) && !isCancelledStatement(err)) return err;
  if (query.aborted) {
    request.log.info({ url: request.url }, 'client closed the request (499); its statements were cancelled');
    return new AppError(Ret.clientClosed, 'client_closed_request', {}, 499);
  }
  request.log.warn({ url: request.url }, 'request stopped by REQUEST_STATEMENT_TIMEOUT_MS (503)');
  return new AppError(Ret.tooSlow, 'request_too_slow', {}, 503);
}
