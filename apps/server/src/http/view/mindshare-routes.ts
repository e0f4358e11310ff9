/** Mindshare views' calls (issue 33 §2; docs/API.md, "Mindshare"). */
import { mindshareCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineAction, defineCall } from '../route';

export function mindshareRoutes(app: FastifyInstance, s: Services) {
  const m = s.mindshare;
  defineCall(app, s, mindshareCalls.add, 'user', (body, ctx) => m.add(ctx.userId, body, ctx.lang));
  defineCall(app, s, mindshareCalls.info, 'user', (body, ctx) => m.info(ctx.userId, body.viewId));
  defineAction(app, s, mindshareCalls.update, 'user', (body, ctx) => m.update(ctx.userId, body));
  defineCall(app, s, mindshareCalls.detail, 'user', (body, ctx) => m.detail(ctx.userId, body));
}
