import { forwardMessage, notificationCalls } from '@kolscope/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services/index';
import { defineAction, defineCall, validationError } from '../route';

/**
 * The forwarding token: `Authorization: Bearer <token>` or `X-Forward-Token: <token>`. Never the
 * session cookie: a browser signed in to kolscope must not be able to forward as its user.
 */
function forwardTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-forward-token'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() || undefined : undefined;
}

/** Notification views, data sources, Web Push subscriptions and the forwarding endpoint. */
export function notificationRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, notificationCalls.list, 'user', (body, ctx) => s.notifications.list(ctx.userId, body));

  defineCall(app, s, notificationCalls.dataSourceList, 'user', (_body, ctx) => s.dataSources.list(ctx.userId));
  defineCall(app, s, notificationCalls.dataSourceUpdate, 'user', (body, ctx) =>
    s.dataSources.update(ctx.userId, body.source, body.enabled),
  );
  defineCall(app, s, notificationCalls.dataSourceRotateToken, 'user', (_body, ctx) => s.dataSources.rotate(ctx.userId));
  defineCall(app, s, notificationCalls.dataSourceRevoke, 'user', (_body, ctx) => s.dataSources.revoke(ctx.userId));

  defineCall(app, s, notificationCalls.pushVapidKey, 'user', async () => ({ publicKey: await s.push.publicKey() }));
  defineAction(app, s, notificationCalls.pushSubscribe, 'user', (body, ctx) =>
    s.push.subscribe(ctx.userId, body, ctx.lang),
  );
  defineAction(app, s, notificationCalls.pushUnsubscribe, 'user', (body, ctx) =>
    s.push.unsubscribe(ctx.userId, body.endpoint),
  );

  // The token is checked before the body, so a stranger learns nothing from validation messages.
  defineCall(app, s, notificationCalls.forward, 'public', async (body, ctx) => {
    const userId = await s.dataSources.authenticate(forwardTokenOf(ctx.request));
    await s.limiter.hit(FORWARD_LIMIT, String(userId));
    const parsed = forwardMessage.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    return s.forward.receive(userId, parsed.data);
  });
}

/** A forwarder in a busy group chat sends a lot; a loop sending the same thing forever sends more. */
const FORWARD_LIMIT = { name: 'forward:user', max: 3000, windowSeconds: 3600 };
