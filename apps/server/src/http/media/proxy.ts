/**
 * `GET /media/proxy?url=...`: images from sources (X avatars, post pictures, RSS media) fetched by
 * the server, so a reader's address and browser never reach third-party hosts and the page's CSP
 * can allow images from kolscope only. For signed-in users only (not an open proxy); the image
 * host must be a public address, checked for the address connected (as for push endpoints).
 * Raster images only: SVG can carry script, and anything else is not what an <img> needs.
 */
import { Ret } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Resolver } from '../../security/addresses';
import { PrivateAddressError } from '../../security/addresses';
import { outboundRequest, TooLargeError } from '../../security/outbound';
import { AppError, badRequest } from '../../services/errors';
import type { Services } from '../../services/index';
import { tokenOf } from '../route';

export interface MediaProxyOptions {
  /** Tests: a local image server. Production never allows private image hosts. */
  allowPrivate?: boolean;
  resolve?: Resolver;
}

export const MEDIA_PROXY_PATH = '/media/proxy';
/** Larger than any avatar or post picture a feed shows; more is not worth a reader's data. */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;
const MAX_REDIRECTS = 3;

const unavailable = (reason: string) => new AppError(Ret.internal, 'media_unavailable', { reason }, 502);

export function mediaProxyRoute(app: FastifyInstance, s: Services, opts: MediaProxyOptions = {}) {
  app.get<{ Querystring: { url?: string } }>(MEDIA_PROXY_PATH, async (request, reply) => {
    const token = tokenOf(request);
    const userId = token ? await s.sessions.userIdOf(token) : undefined;
    if (userId === undefined) throw new AppError(Ret.unauthorized, token ? 'session_expired' : 'unauthorized', {}, 401);

    let url: URL;
    try {
      url = new URL(String(request.query.url ?? ''));
    } catch {
      throw badRequest('media_url_invalid', { field: 'url' });
    }
    const field = { field: 'url' };
    for (let hop = 0; ; hop++) {
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
        throw badRequest('media_url_invalid', field);
      let res: Awaited<ReturnType<typeof outboundRequest>>;
      try {
        res = await outboundRequest(url, {
          headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9' },
          timeoutMs: 10_000,
          maxBytes: MEDIA_MAX_BYTES,
          ...(opts.allowPrivate ? { allowPrivate: true } : {}),
          ...(opts.resolve ? { resolve: opts.resolve } : {}),
        });
      } catch (err) {
        if (err instanceof PrivateAddressError) throw badRequest('media_url_invalid', field);
        if (err instanceof TooLargeError) throw unavailable(`larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`);
        throw unavailable('the image host did not answer');
      }
      // Each redirect target goes through the same checks; a few hops at most.
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location && hop < MAX_REDIRECTS) {
        url = new URL(location, url);
        continue;
      }
      if (res.status !== 200) throw unavailable(`the image host answered ${res.status}`);
      const type = String(res.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      if (!type || !IMAGE_TYPES.test(type)) throw unavailable('not a picture');
      return reply
        .headers({
          'content-type': type,
          // Per user (signed-in only), so shared caches must not keep it.
          'cache-control': 'private, max-age=86400',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(res.body);
    }
  });
}
