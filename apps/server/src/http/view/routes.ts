import { view } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import { tweetCategories } from '../../pipeline/enrich/categories/taxonomy';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function viewRoutes(app: FastifyInstance, s: Services) {
  // The taxonomy is static and in the request's language; the client builds its category picker from it.
  defineCall(app, s, view.tweetCategory, 'user', async (_, ctx) => tweetCategories(ctx.lang));
}
