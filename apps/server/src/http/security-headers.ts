/**
 * Security headers on every answer (helmet). The Content-Security-Policy lists what the built web
 * app really loads: its own scripts, styles and fonts; images from kolscope only (coin icons, demo
 * media, and every other image through /media/proxy), plus data: URLs that antd-mobile uses for
 * its icons; API calls and server-sent events to the same origin; the service worker from /sw.js.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // antd-mobile and React set style attributes (positions, CSS variables) at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Off: a plain-http install on a LAN address would have every request rewritten to https.
  upgradeInsecureRequests: null,
};

export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // No page of ours is ever framed (frame-ancestors above; X-Frame-Options for old browsers).
    frameguard: { action: 'deny' },
    // Neither the app's own requests nor a link out tell other sites where the reader came from.
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS is for the TLS proxy in front to decide; on plain http it means nothing anyway.
    strictTransportSecurity: false,
  });
}
