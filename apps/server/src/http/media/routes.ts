/**
 * Images served by kolscope itself, so nothing is fetched from the network at run time: coin
 * icons from the cryptocurrency-icons fork (catalogue.ts), and the demo source's avatars and images.
 * Images of other sources go through the proxy (proxy.ts).
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { coinIconFile } from '../../domain/coins/catalogue';
import { ownCoinIcon } from '../../domain/coins/own-icons';
import { renderDemoAvatar, renderDemoImage, renderDemoThumbnail } from '../../pipeline/sources/demo/index';
import type { Services } from '../../services/index';
import { type MediaProxyOptions, mediaProxyRoute } from './proxy';

const SVG_HEADERS = { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' };
const PNG_HEADERS = { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' };

export function mediaRoutes(
  app: FastifyInstance,
  s: Services,
  opts: { demoSeed: number; proxy?: MediaProxyOptions | undefined },
) {
  mediaProxyRoute(app, s, opts.proxy);
  app.get<{ Params: { file: string } }>('/coin-icons/:file', async (request, reply) => {
    const own = ownCoinIcon(request.params.file.replace(/\.svg$/i, ''));
    if (own) return reply.headers(SVG_HEADERS).send(own);
    const path = coinIconFile(request.params.file) ?? coinIconFile('generic');
    if (!path) return reply.status(404).send();
    return reply.headers(SVG_HEADERS).send(createReadStream(path));
  });
  app.get<{ Params: { id: string } }>('/demo-media/avatar/:id', async (request, reply) =>
    reply.headers(SVG_HEADERS).send(renderDemoAvatar(request.params.id.replace(/\.svg$/, ''), opts.demoSeed)),
  );
  // `<key>.png` is the feed thumbnail, `<key>.svg` the full-size picture. Posts stored before
  // thumbnails became PNG ask for `<key>.svg?size=thumb`, which gets the PNG too.
  app.get<{ Params: { key: string }; Querystring: { size?: string } }>(
    '/demo-media/image/:key',
    async (request, reply) => {
      const { key } = request.params;
      if (key.endsWith('.png') || request.query.size === 'thumb')
        return reply.headers(PNG_HEADERS).send(renderDemoThumbnail(key.replace(/\.(png|svg)$/, '')));
      return reply.headers(SVG_HEADERS).send(renderDemoImage(key.replace(/\.svg$/, '')));
    },
  );
}
