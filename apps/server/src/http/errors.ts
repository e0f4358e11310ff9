/**
 * Every failure leaves as the envelope `{ret, msg}` with a message in the request's language:
 * our own AppErrors, Fastify's body and routing errors, and anything unexpected (logged, 500).
 */
import { Ret, type MessageKey, translate } from '@kolscope/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../services/errors';
import { languageOf } from './route';

const FASTIFY_ERRORS: Record<string, { status: number; ret: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, ret: Ret.unsupportedMediaType, key: 'unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, ret: Ret.badRequest, key: 'body_too_large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, ret: Ret.badRequest, key: 'body_malformed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, ret: Ret.badRequest, key: 'body_malformed' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, ret: Ret.badRequest, key: 'body_malformed' },
  BODY_MALFORMED: { status: 400, ret: Ret.badRequest, key: 'body_malformed' },
};

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = languageOf(request);
    if (error instanceof AppError) {
      return reply.status(error.status).send({ ret: error.ret, msg: translate(lang, error.key, error.params) });
    }
    const known =
      FASTIFY_ERRORS[error.code] ?? (error instanceof SyntaxError ? FASTIFY_ERRORS.BODY_MALFORMED : undefined);
    if (known) return reply.status(known.status).send({ ret: known.ret, msg: translate(lang, known.key) });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ ret: Ret.badRequest, msg: translate(lang, 'body_malformed') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ ret: Ret.internal, msg: translate(lang, 'internal') });
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = languageOf(request);
    if (request.method !== 'POST' && request.url.startsWith('/webapi/')) {
      return reply.status(405).send({ ret: Ret.badRequest, msg: translate(lang, 'method_not_allowed') });
    }
    const path = request.url.split('?')[0] ?? '';
    return reply.status(404).send({ ret: Ret.notFound, msg: translate(lang, 'route_not_found', { path }) });
  });
}

/** JSON bodies; an empty body counts as `{}` (calls with no parameters send none). */
export function installJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = Object.assign(new Error('malformed JSON'), { code: 'BODY_MALFORMED', statusCode: 400 });
      done(err, undefined);
    }
  });
}
