import { viewCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import { tweetCategories } from '../../domain/taxonomy';
import type { Services } from '../../services/index';
import { defineAction, defineCall } from '../route';

export function viewRoutes(app: FastifyInstance, s: Services) {
  // The taxonomy is static and in the request's language; the client builds its category picker from it.
  defineCall(app, s, viewCalls.tweetCategory, 'user', async (_, ctx) => tweetCategories(ctx.lang));

  defineCall(app, s, viewCalls.list, 'user', (_, ctx) => s.views.list(ctx.userId, ctx.lang));
  defineCall(app, s, viewCalls.add, 'user', (body, ctx) => s.views.add(ctx.userId, body, ctx.lang));
  defineAction(app, s, viewCalls.update, 'user', (body, ctx) => s.views.update(ctx.userId, body.viewId, body));
  defineAction(app, s, viewCalls.delete, 'user', (body, ctx) => s.views.remove(ctx.userId, body.viewId));
  defineCall(app, s, viewCalls.info, 'user', (body, ctx) => s.views.info(ctx.userId, body.viewId));
  // Both orderings save the tab order; merge_sort names every tab, sort may name only some views.
  defineAction(app, s, viewCalls.sort, 'user', (body, ctx) => s.views.sort(ctx.userId, body.viewIds));
  defineAction(app, s, viewCalls.mergeSort, 'user', (body, ctx) => s.views.sort(ctx.userId, body.viewIds));
  defineCall(app, s, viewCalls.restoreDefaults, 'user', async (_, ctx) => ({
    restored: await s.views.restoreDefaults(ctx.userId, ctx.lang),
  }));
  defineCall(app, s, viewCalls.tweets, 'user', (body, ctx) => s.feed.tweets(ctx.userId, body, ctx.lang));
}
