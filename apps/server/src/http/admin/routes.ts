import { admin } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function adminRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, admin.stat, 'admin', (b, ctx) => s.statistics.stat(b, ctx.lang));
  defineCall(app, s, admin.fromAcntList, 'admin', () => s.statistics.sources());
  defineCall(app, s, admin.kolSubmissions, 'admin', (b) => s.kolReview.list(b.status));
  defineCall(app, s, admin.kolReview, 'admin', async (b, ctx) => {
    await s.kolReview.review(b.submissionId, b.approve, ctx.userId);
    return null;
  });
}
