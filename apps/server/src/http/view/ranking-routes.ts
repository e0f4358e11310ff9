/** view/ranking_list: the hot-coin ranking of a ranking_list or hot_coins view (services/ranking). */
import { viewCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function rankingRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, viewCalls.rankingList, 'user', (body, ctx) => s.ranking.list(ctx.userId, body));
}
