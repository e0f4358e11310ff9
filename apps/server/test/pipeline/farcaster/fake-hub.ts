/**
 * A local Farcaster hub speaking the HTTP API's JSON: /v1/info, /v1/castsByFid (pages, reverse),
 * /v1/userDataByFid, /v1/linksByTargetFid and /v1/events, in either dialect:
 *
 * - 'hubble': the info of fixtures/hubble-info.json, `reverse=1`, event ids (ms since the Farcaster
 *   epoch) << 12 | sequence, `nextPageEventId`, errors as `{errCode, details}`;
 * - 'snapchain': info with `numShards`/`shardInfos` (maxHeight per shard), `reverse` only
 *   `true`/`false` (else HTTP 400 "Invalid query parameters: …", as Snapchain's serde_qs answers),
 *   event ids (block height << 14) | index per shard (`shard_index`; fid % 2 + 1 here, one block a
 *   second), no `nextPageEventId`, `pageSize`.
 *
 * Tests (and e2e) add casts, remove them, set profiles, queue failures (429, 5xx), and queue
 * captured answers (`replay`, by path) to be served as they are.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
type HubEvent = {
  type: string;
  id: number;
  mergeMessageBody: { message: Message; deletedMessages: Message[] };
  shardIndex?: number;
  blockNumber?: number;
};

export type FakeHubKind = 'hubble' | 'snapchain';

/** A captured answer from fixtures/ (parsed JSON). */
export const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

/** The Snapchain block height of a moment here: one block a second since the Farcaster epoch. */
export const fakeHeightAt = (ms: number) => Math.floor((ms - FARCASTER_EPOCH_MS) / 1000);

export interface FakeHub {
  url: string;
  kind: FakeHubKind;
  /** Answers served as they are, first in first out, by path (e.g. '/v1/castsByFid'). */
  replay: Map<string, { status?: number; body: unknown }[]>;
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

export async function startFakeHub(
  opts: { eventPageSize?: number; kind?: FakeHubKind; now?: () => number } = {},
): Promise<FakeHub> {
  const kind = opts.kind ?? 'hubble';
  const clock = opts.now ?? Date.now;
  const casts: Message[] = [];
  const profiles = new Map<number, { data: Message[]; followers: number }>();
  const events: HubEvent[] = [];
  let seq = 0;
  const eventPageSize = opts.eventPageSize ?? 1000;
  const addEvent = (msg: Message, at: number) => {
    if (kind === 'snapchain') {
      const height = fakeHeightAt(at);
      events.push({
        type: 'HUB_EVENT_TYPE_MERGE_MESSAGE',
        id: height * 16384 + (seq++ % 16384),
        mergeMessageBody: { message: msg, deletedMessages: [] },
        blockNumber: height,
        shardIndex: ((msg.data.fid as number) % 2) + 1,
      });
    } else
      events.push({
        type: 'HUB_EVENT_TYPE_MERGE_MESSAGE',
        id: (at - FARCASTER_EPOCH_MS) * 4096 + (seq++ % 4096),
        mergeMessageBody: { message: msg, deletedMessages: [] },
      });
    events.sort((a, b) => a.id - b.id);
  };
  const hub: FakeHub = {
    url: '',
    kind,
    replay: new Map(),
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
    const replayed = hub.replay.get(url.pathname)?.shift();
    if (replayed) return send(replayed.status ?? 200, replayed.body);
    const q = url.searchParams;
    const fid = Number(q.get('fid'));
    const reverse = q.get('reverse');
    if (kind === 'snapchain' && reverse !== null && reverse !== 'true' && reverse !== 'false')
      return send(400, 'Invalid query parameters: failed with reason: provided string was not `true` or `false`');
    if (
      kind === 'hubble' &&
      (q.has('fid') || q.has('target_fid')) &&
      !/^\d+$/.test(q.get('fid') ?? q.get('target_fid') ?? '')
    )
      return send(400, fixture('hubble-error.json'));
    switch (url.pathname) {
      case '/v1/info': {
        if (kind === 'hubble') return send(200, fixture('hubble-info.json'));
        const height = fakeHeightAt(clock());
        const shard = (shardId: number) => ({
          shardId,
          maxHeight: height,
          numMessages: 0,
          numFidRegistrations: 0,
          approxSize: 0,
          blockDelay: 0,
          mempoolSize: shardId === 0 ? 0 : 4294967295,
        });
        return send(200, {
          dbStats: { numMessages: 0, numFidRegistrations: 0, approxSize: 0 },
          numShards: 2,
          shardInfos: [shard(0), shard(1), shard(2)],
          version: '0.14.2',
          peer_id: '12D3KooWfake',
          nextEngineVersionTimestamp: 0,
        });
      }
      case '/v1/castsByFid': {
        const own = casts
          .filter((m) => m.data.fid === fid)
          .sort((a, b) => (a.data.timestamp as number) - (b.data.timestamp as number));
        return send(200, paged(reverse === '1' || reverse === 'true' ? own.reverse() : own, q));
      }
      case '/v1/userDataByFid': {
        const data = profiles.get(fid)?.data ?? [];
        const type = q.get('user_data_type');
        // Hubble answers one message for a type asked (Snapchain ignores the parameter).
        if (kind === 'hubble' && type) {
          const name = type === '6' ? 'USER_DATA_TYPE_USERNAME' : type;
          const found = data.find((m) => (m.data.userDataBody as { type: string }).type === name);
          return found
            ? send(200, found)
            : send(404, {
                errCode: 'not_found',
                presentable: false,
                name: 'HubError',
                code: 5,
                details: 'userDataAdd not found',
              });
        }
        return send(200, { messages: data, nextPageToken: '' });
      }
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
        if (kind === 'snapchain') {
          const shard = q.has('shard_index') ? Number(q.get('shard_index')) : undefined;
          const size = Number(q.get('pageSize') ?? 1000) || 1000;
          const page = events
            .filter((e) => e.id >= from && (shard === undefined || e.shardIndex === shard))
            .slice(0, Math.min(size, eventPageSize));
          return send(200, { events: [...hub.rawEvents.splice(0), ...page] });
        }
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
