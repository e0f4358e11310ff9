/** Market calls (issue 16 §1): coin prices on a report's buckets. Signed-in users only. */
import { marketCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function marketRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, marketCalls.coinPrices, 'user', (body) => s.market.coinPrices(body));
}
