/**
 * A local feed host: serves documents by path with optional ETag / Last-Modified, answers
 * conditional requests with 304 like Nitter and RSSHub behind a cache, and records requests.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedFeed {
  body: string;
  status?: number;
  etag?: string;
  lastModified?: string;
  contentType?: string;
}

export interface FeedServer {
  url: string;
  feeds: Map<string, ServedFeed>;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

export async function startFeedServer(): Promise<FeedServer> {
  const fs: FeedServer = { url: '', feeds: new Map(), requests: [], close: async () => {} };
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    fs.requests.push({ path, headers: req.headers });
    const feed = fs.feeds.get(path);
    if (!feed) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not found</body></html>');
      return;
    }
    const headers: Record<string, string> = {
      'content-type': feed.contentType ?? 'application/rss+xml; charset=utf-8',
    };
    if (feed.etag) headers.etag = feed.etag;
    if (feed.lastModified) headers['last-modified'] = feed.lastModified;
    const fresh =
      (feed.etag && req.headers['if-none-match'] === feed.etag) ||
      (!feed.etag && feed.lastModified && req.headers['if-modified-since'] === feed.lastModified);
    if (fresh && (feed.status ?? 200) === 200) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(feed.status ?? 200, headers);
    res.end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fs.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fs.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fs;
}
