import { sentimentFeedbackCalls } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index';
import { defineCall } from '../route';

export function sentimentFeedbackRoutes(app: FastifyInstance, s: Services) {
  defineCall(app, s, sentimentFeedbackCalls.give, 'user', (b, ctx) =>
    s.sentimentFeedback.give(ctx.userId, b.postId, b.label),
  );
  // Administrators only, refused as every admin call is (route.ts: 403 `forbidden`).
  defineCall(app, s, sentimentFeedbackCalls.list, 'admin', (b) => s.sentimentFeedback.list(b));
}
