import { viewCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import { tweetCategories } from '../../domain/taxonomy';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function viewRoutes(app: FastifyInstance, s: Services) {
  // The taxonomy is static and in the request's language; the client builds its category picker from it.
  defineCall(app, s, viewCalls.tweetCategory, 'user', async (_, ctx) => tweetCategories(ctx.lang));

  defineCall(app, s, viewCalls.list, 'user', (_, ctx) => s.views.list(ctx.userId, ctx.lang));
  defineCall(app, s, viewCalls.add, 'user', (body, ctx) => s.views.add(ctx.userId, body, ctx.lang));
  defineCall(app, s, viewCalls.update, 'user', async (body, ctx) => {
    await s.views.update(ctx.userId, body.viewId, body);
    return null;
  });
  defineCall(app, s, viewCalls.delete, 'user', async (body, ctx) => {
    await s.views.remove(ctx.userId, body.viewId);
    return null;
  });
  defineCall(app, s, viewCalls.info, 'user', (body, ctx) => s.views.info(ctx.userId, body.viewId));
  // Both orderings save the tab order; merge_sort names every tab, sort may name only some views.
  defineCall(app, s, viewCalls.sort, 'user', async (body, ctx) => {
    await s.views.sort(ctx.userId, body.viewIds);
    return null;
  });
  defineCall(app, s, viewCalls.mergeSort, 'user', async (body, ctx) => {
    await s.views.sort(ctx.userId, body.viewIds);
    return null;
  });
  defineCall(app, s, viewCalls.restoreDefaults, 'user', async (_, ctx) => ({
    restored: await s.views.restoreDefaults(ctx.userId, ctx.lang),
  }));
  defineCall(app, s, viewCalls.tweets, 'user', (body, ctx) => s.feed.tweets(ctx.userId, body, ctx.lang));
}
