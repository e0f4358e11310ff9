/** Coin opinion, event opinion and analytics report calls (spec section 7). */
import { viewCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function opinionRoutes(app: FastifyInstance, s: Services) {
  const { coin, event } = s.opinion;
  defineCall(app, s, viewCalls.coinOpinionAdd, 'user', (body, ctx) => coin.add(ctx.userId, body, ctx.lang));
  defineCall(app, s, viewCalls.coinOpinionInfo, 'user', (body, ctx) => coin.info(ctx.userId, body.viewId));
  defineCall(app, s, viewCalls.coinOpinionUpdate, 'user', async (body, ctx) => {
    await coin.update(ctx.userId, body);
    return null;
  });
  defineCall(app, s, viewCalls.coinOpinionDetail, 'user', (body, ctx) => coin.detail(ctx.userId, body));
  defineCall(app, s, viewCalls.coinOpinionDelete, 'user', async (body, ctx) => {
    await s.views.remove(ctx.userId, body.viewId, 'coin_opinion');
    return null;
  });

  defineCall(app, s, viewCalls.eventOpinionAdd, 'user', (body, ctx) => event.add(ctx.userId, body, ctx.lang));
  defineCall(app, s, viewCalls.eventOpinionInfo, 'user', (body, ctx) => event.info(ctx.userId, body.viewId));
  defineCall(app, s, viewCalls.eventOpinionUpdate, 'user', async (body, ctx) => {
    await event.update(ctx.userId, body);
    return null;
  });
  defineCall(app, s, viewCalls.eventOpinionDetail, 'user', (body, ctx) => event.detail(ctx.userId, body));
  defineCall(app, s, viewCalls.eventOpinionDelete, 'user', async (body, ctx) => {
    await s.views.remove(ctx.userId, body.viewId, 'event_opinion');
    return null;
  });

  defineCall(app, s, viewCalls.reportDetail, 'user', (body, ctx) => s.opinion.report(ctx.userId, body));
}
