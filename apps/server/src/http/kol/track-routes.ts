/** kol/track_record, kol/leaderboard, kol/follow and kol/follow_calls: KOL track records (services/track-record). */
import { followCalls, kolCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function trackRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, kolCalls.trackRecord, 'user', (body) => s.trackRecord.trackRecord(body));
  defineCall(app, s, kolCalls.leaderboard, 'user', (body, ctx) => s.trackRecord.leaderboard(ctx.userId, body));
  defineCall(app, s, followCalls.follow, 'user', (body, ctx) => s.trackRecord.follow(ctx.userId, body));
  defineCall(app, s, followCalls.calls, 'user', (body, ctx) => s.trackRecord.followCalls(ctx.userId, body));
}
