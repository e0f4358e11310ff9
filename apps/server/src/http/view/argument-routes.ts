/** The bull and bear cases of a coin or event opinion view (services/arguments). Signed-in users only. */
import { argumentCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function argumentRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, argumentCalls.opinionArguments, 'user', (b, ctx) => s.arguments.get(ctx.userId, b));
  defineCall(app, s, argumentCalls.opinionSummary, 'user', (b, ctx) => s.arguments.summary(ctx.userId, b, ctx.lang));
}
