/**
 * A local Farcaster hub speaking the HTTP API's JSON: /v1/castsByFid (pages, reverse),
 * /v1/userDataByFid, /v1/linksByTargetFid and /v1/events (MERGE_MESSAGE events with Hubble-style
 * ids: ms since the Farcaster epoch << 12 | sequence). Tests (and e2e) add casts, remove them,
 * set profiles, and queue failures (429, 5xx).
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FARCASTER_EPOCH_MS = 1_609_459_200_000;

export interface FakeCastInput {
  fid: number;
  text: string;
  /** Unix ms. */
  at: number;
  embeds?: ({ url: string } | { castId: { fid: number; hash: string } })[];
  mentions?: number[];
  mentionsPositions?: number[];
  parentCastId?: { fid: number; hash: string };
}

type Message = {
  data: Record<string, unknown>;
  hash: string;
  hashScheme: string;
  signature: string;
  signatureScheme: string;
  signer: string;
};
type HubEvent = { type: string; id: number; mergeMessageBody: { message: Message; deletedMessages: Message[] } };

export interface FakeHub {
  url: string;
  failures: { status: number; headers?: Record<string, string>; body?: string }[];
  requests: string[];
  /** Raw events served as they are (malformed-item tests). */
  rawEvents: unknown[];
  setProfile(
    fid: number,
    data: Partial<Record<'USERNAME' | 'DISPLAY' | 'PFP' | 'BIO' | 'URL' | 'TWITTER', string>>,
    followers?: number,
  ): void;
  /** Adds a cast (an event too, at `at`); returns its hash. */
  cast(input: FakeCastInput): string;
  /** Removes a cast (a CAST_REMOVE event at `at`). */
  remove(fid: number, hash: string, at: number): void;
  close(): Promise<void>;
}

const fcTime = (ms: number) => Math.floor((ms - FARCASTER_EPOCH_MS) / 1000);

function message(data: Record<string, unknown>): Message {
  const hash = `0x${createHash('sha1').update(JSON.stringify(data)).digest('hex')}`;
  return {
    data: { network: 'FARCASTER_NETWORK_MAINNET', ...data },
    hash,
    hashScheme: 'HASH_SCHEME_BLAKE3',
    signature: 'c2ln',
    signatureScheme: 'SIGNATURE_SCHEME_ED25519',
    signer: '0x00',
  };
}

export async function startFakeHub(opts: { eventPageSize?: number } = {}): Promise<FakeHub> {
  const casts: Message[] = [];
  const profiles = new Map<number, { data: Message[]; followers: number }>();
  const events: HubEvent[] = [];
  let seq = 0;
  const eventPageSize = opts.eventPageSize ?? 1000;
  const addEvent = (msg: Message, at: number) => {
    events.push({
      type: 'HUB_EVENT_TYPE_MERGE_MESSAGE',
      id: (at - FARCASTER_EPOCH_MS) * 4096 + (seq++ % 4096),
      mergeMessageBody: { message: msg, deletedMessages: [] },
    });
    events.sort((a, b) => a.id - b.id);
  };
  const hub: FakeHub = {
    url: '',
    failures: [],
    requests: [],
    rawEvents: [],
    setProfile(fid, data, followers = 0) {
      const msgs = Object.entries(data).map(([type, value]) =>
        message({
          type: 'MESSAGE_TYPE_USER_DATA_ADD',
          fid,
          timestamp: fcTime(Date.now()),
          userDataBody: { type: `USER_DATA_TYPE_${type}`, value },
        }),
      );
      profiles.set(fid, { data: msgs, followers });
    },
    cast(c) {
      const body: Record<string, unknown> = {
        embedsDeprecated: [],
        mentions: c.mentions ?? [],
        mentionsPositions: c.mentionsPositions ?? [],
        text: c.text,
        embeds: c.embeds ?? [],
      };
      if (c.parentCastId) body.parentCastId = c.parentCastId;
      const msg = message({ type: 'MESSAGE_TYPE_CAST_ADD', fid: c.fid, timestamp: fcTime(c.at), castAddBody: body });
      casts.push(msg);
      addEvent(msg, c.at);
      return msg.hash;
    },
    remove(fid, hash, at) {
      const i = casts.findIndex((m) => m.hash === hash);
      if (i >= 0) casts.splice(i, 1);
      addEvent(
        message({ type: 'MESSAGE_TYPE_CAST_REMOVE', fid, timestamp: fcTime(at), castRemoveBody: { targetHash: hash } }),
        at,
      );
    },
    close: async () => {},
  };

  /** Pages of a list by an opaque token (the offset, base64 like the hub's own tokens look). */
  function paged<T>(items: T[], q: URLSearchParams) {
    const size = Math.min(1000, Number(q.get('pageSize') ?? 1000) || 1000);
    const offset = q.get('pageToken') ? Number(Buffer.from(q.get('pageToken') as string, 'base64').toString()) : 0;
    const page = items.slice(offset, offset + size);
    const nextPageToken = offset + size < items.length ? Buffer.from(String(offset + size)).toString('base64') : '';
    return { messages: page, nextPageToken };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hub.requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const failure = hub.failures.shift();
    if (failure)
      return send(failure.status, failure.body ?? { errCode: 'unavailable', message: 'failure' }, failure.headers);
    const q = url.searchParams;
    const fid = Number(q.get('fid'));
    switch (url.pathname) {
      case '/v1/castsByFid': {
        const own = casts
          .filter((m) => m.data.fid === fid)
          .sort((a, b) => (a.data.timestamp as number) - (b.data.timestamp as number));
        return send(200, paged(q.get('reverse') === '1' || q.get('reverse') === 'true' ? own.reverse() : own, q));
      }
      case '/v1/userDataByFid':
        return send(200, { messages: profiles.get(fid)?.data ?? [], nextPageToken: '' });
      case '/v1/linksByTargetFid': {
        const n = profiles.get(Number(q.get('target_fid')))?.followers ?? 0;
        const links = Array.from({ length: n }, (_, i) =>
          message({
            type: 'MESSAGE_TYPE_LINK_ADD',
            fid: 100_000 + i,
            timestamp: 1,
            linkBody: { type: 'follow', targetFid: Number(q.get('target_fid')) },
          }),
        );
        return send(200, paged(links, q));
      }
      case '/v1/events': {
        const from = Number(q.get('from_event_id') ?? 0);
        const page: unknown[] = [
          ...hub.rawEvents.splice(0),
          ...events.filter((e) => e.id >= from).slice(0, eventPageSize),
        ];
        const last = events
          .filter((e) => e.id >= from)
          .slice(0, eventPageSize)
          .at(-1);
        return send(200, { events: page, nextPageEventId: last ? last.id + 1 : from });
      }
      default:
        return send(404, { errCode: 'not_found', message: 'no such route' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  hub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return hub;
}
