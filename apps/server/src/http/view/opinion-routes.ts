/** Coin opinion, event opinion and analytics report calls (spec section 7). */
import { view } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function opinionRoutes(app: FastifyInstance, s: Services) {
  const { coin, event } = s.opinion;
  defineCall(app, s, view.coinOpinionAdd, 'user', (body, ctx) => coin.add(ctx.userId, body, ctx.lang));
  defineCall(app, s, view.coinOpinionInfo, 'user', (body, ctx) => coin.info(ctx.userId, body.viewId));
  defineCall(app, s, view.coinOpinionUpdate, 'user', async (body, ctx) => {
    await coin.update(ctx.userId, body);
    return null;
  });
  defineCall(app, s, view.coinOpinionDetail, 'user', (body, ctx) => coin.detail(ctx.userId, body));
  defineCall(app, s, view.coinOpinionDelete, 'user', async (body, ctx) => {
    await s.views.remove(ctx.userId, body.viewId, 'coin_opinion');
    return null;
  });

  defineCall(app, s, view.eventOpinionAdd, 'user', (body, ctx) => event.add(ctx.userId, body, ctx.lang));
  defineCall(app, s, view.eventOpinionInfo, 'user', (body, ctx) => event.info(ctx.userId, body.viewId));
  defineCall(app, s, view.eventOpinionUpdate, 'user', async (body, ctx) => {
    await event.update(ctx.userId, body);
    return null;
  });
  defineCall(app, s, view.eventOpinionDetail, 'user', (body, ctx) => event.detail(ctx.userId, body));
  defineCall(app, s, view.eventOpinionDelete, 'user', async (body, ctx) => {
    await s.views.remove(ctx.userId, body.viewId, 'event_opinion');
    return null;
  });

  defineCall(app, s, view.reportDetail, 'user', (body, ctx) => s.opinion.report(ctx.userId, body));
}
