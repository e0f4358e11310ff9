import { alertCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

/** Opinion alerts (services/alerts): rules on the caller's opinion views, and what they fired. */
export function alertRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, alertCalls.list, 'user', (b, ctx) => s.alerts.list(ctx.userId, b.viewId));
  defineCall(app, s, alertCalls.add, 'user', (b, ctx) => s.alerts.add(ctx.userId, b));
  defineCall(app, s, alertCalls.update, 'user', (b, ctx) => s.alerts.update(ctx.userId, b));
  defineCall(app, s, alertCalls.delete, 'user', (b, ctx) => s.alerts.remove(ctx.userId, b.alertId));
  defineCall(app, s, alertCalls.events, 'user', (b, ctx) => s.alerts.events(ctx.userId, b, ctx.lang));
}
