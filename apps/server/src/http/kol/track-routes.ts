/** kol/track_record and kol/leaderboard: KOL track records (services/track-record). */
import { kolCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function trackRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, kolCalls.trackRecord, 'user', (body) => s.trackRecord.trackRecord(body));
  defineCall(app, s, kolCalls.leaderboard, 'user', (body, ctx) => s.trackRecord.leaderboard(ctx.userId, body));
}
