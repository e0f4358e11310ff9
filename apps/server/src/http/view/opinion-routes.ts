/** Coin opinion, event opinion and analytics report calls (spec section 7). */
import { viewCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { type CallContext, defineAction, defineCall } from '../route';

export function opinionRoutes(app: FastifyInstance, s: Services) {
  const { coin, event } = s.opinion;
  /** An opinion view's delete: only a view of that type; its type's module does the rest. */
  const remove = (type: 'coin_opinion' | 'event_opinion') => (body: { viewId: string }, ctx: CallContext) =>
    s.views.remove(ctx.userId, body.viewId, type);

  defineCall(app, s, viewCalls.coinOpinionAdd, 'user', (body, ctx) => coin.add(ctx.userId, body, ctx.lang));
  defineCall(app, s, viewCalls.coinOpinionInfo, 'user', (body, ctx) => coin.info(ctx.userId, body.viewId));
  defineAction(app, s, viewCalls.coinOpinionUpdate, 'user', (body, ctx) => coin.update(ctx.userId, body));
  defineCall(app, s, viewCalls.coinOpinionDetail, 'user', (body, ctx) => coin.detail(ctx.userId, body));
  defineAction(app, s, viewCalls.coinOpinionDelete, 'user', remove('coin_opinion'));

  defineCall(app, s, viewCalls.eventOpinionAdd, 'user', (body, ctx) => event.add(ctx.userId, body, ctx.lang));
  defineCall(app, s, viewCalls.eventOpinionInfo, 'user', (body, ctx) => event.info(ctx.userId, body.viewId));
  defineAction(app, s, viewCalls.eventOpinionUpdate, 'user', (body, ctx) => event.update(ctx.userId, body));
  defineCall(app, s, viewCalls.eventOpinionDetail, 'user', (body, ctx) => event.detail(ctx.userId, body));
  defineAction(app, s, viewCalls.eventOpinionDelete, 'user', remove('event_opinion'));

  defineCall(app, s, viewCalls.reportDetail, 'user', (body, ctx) => s.opinion.report(ctx.userId, body));
}
