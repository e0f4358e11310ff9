import { searchCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import { searchCoins } from '../../domain/coins/search';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function searchRoutes(app: FastifyInstance, s: Services) {
  // A leading `$` is stripped by searchCoins itself (spec section 5).
  defineCall(app, s, searchCalls.coins, 'user', async (body) => searchCoins(body.query));
  // Users: every collected account; KOLs: the tracked accounts whose timelines are followed.
  defineCall(app, s, searchCalls.twitterUser, 'user', (body) => s.twitterUsers.search(body.query, body.nextCb, false));
  defineCall(app, s, searchCalls.twitterKol, 'user', (body) => s.twitterUsers.search(body.query, body.nextCb, true));
}
