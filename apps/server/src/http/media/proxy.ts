/**
 * `GET /media/proxy?url=...`: images from sources (X avatars, post pictures, RSS media) fetched by
 * the server, so a reader's address and browser never reach third-party hosts and the page's CSP
 * can allow images from kolscope only. For signed-in users only (not an open proxy); the image
 * host must be a public address, checked for the address connected (as for push endpoints).
 * Raster images only: SVG can carry script, and anything else is not what an <img> needs.
 * Each user has a share of downloads at once (MEDIA_REQUEST_LIMITS, services/request-limits.ts).
 */
import { Ret } from '@kolscope/contract';
import type { FastifyInstance } from 'fastify';
import type { Resolver } from '../../security/addresses';
import { PrivateAddressError } from '../../security/addresses';
import { outboundRequest, TooLargeError } from '../../security/outbound';
import { AppError, badRequest, rateLimited } from '../../services/errors';
import { QueueFull } from '../../services/request-limits';
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
    // A reader who leaves stops the download and gives its place back.
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const release = await enterMediaShare(s, userId, gone.signal);
    try {
      const picture = await fetchPicture(url, opts, gone.signal);
      return reply
        .headers({
          'content-type': picture.type,
          // Per user (signed-in only), so shared caches must not keep it.
          'cache-control': 'private, max-age=86400',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(picture.body);
    } finally {
      release();
    }
  });
}

/** The user's turn among its own downloads (MEDIA_REQUEST_LIMITS); 429 when too many wait. */
async function enterMediaShare(s: Services, userId: number, gone: AbortSignal) {
  try {
    return await s.requests.media.enter(`user:${userId}`, gone);
  } catch (err) {
    if (err instanceof QueueFull) throw rateLimited(1);
    throw err;
  }
}

/** Fetches a raster picture, following a few redirects, each target checked as the first URL. */
async function fetchPicture(first: URL, opts: MediaProxyOptions, signal: AbortSignal) {
  const field = { field: 'url' };
  let url = first;
  for (let hop = 0; ; hop++) {
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
      throw badRequest('media_url_invalid', field);
    let res: Awaited<ReturnType<typeof outboundRequest>>;
    try {
      res = await outboundRequest(url, {
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9' },
        timeoutMs: 10_000,
        maxBytes: MEDIA_MAX_BYTES,
        signal,
        ...(opts.allowPrivate ? { allowPrivate: true } : {}),
        ...(opts.resolve ? { resolve: opts.resolve } : {}),
      });
    } catch (err) {
      if (err instanceof PrivateAddressError) throw badRequest('media_url_invalid', field);
      if (err instanceof TooLargeError) throw unavailable(`larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`);
      throw unavailable('the image host did not answer');
    }
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location && hop < MAX_REDIRECTS) {
      // The host's answer, not the reader's input: a Location that is no URL is the host's fault.
      try {
        url = new URL(location, url);
      } catch {
        throw unavailable('the image host redirected to an invalid address');
      }
      continue;
    }
    if (res.status !== 200) throw unavailable(`the image host answered ${res.status}`);
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (!type || !IMAGE_TYPES.test(type)) throw unavailable('not a picture');
    return { type, body: res.body };
  }
}
