/** The coin page's calls (services/coin-page.ts). Signed-in users only. */
import { coinCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function coinRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, coinCalls.overview, 'user', (b, ctx) => s.coin.overview(ctx.userId, b, ctx.lang));
  defineCall(app, s, coinCalls.posts, 'user', (b, ctx) => s.coin.posts(ctx.userId, b, ctx.lang));
}
