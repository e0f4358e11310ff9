/**
 * /data-source: X (the system source, always on) and the custom sources a user turns on, and the
 * forwarding token their phone's notification forwarder sends. The token is random (256 bits) and
 * stored as its SHA-256 like a session: the whole token is in the one answer that created it,
 * afterwards only its first characters; a lost token is rotated, not recovered.
 */
import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  CUSTOM_SOURCES,
  type CustomSource,
  type DataSource,
  type DataSourceState,
  type Network,
  Ret,
} from '@kolscope/contract';
import type { Db } from '../../db/db';
import { dataSourcesRepo } from '../../db/repos/data-sources';
import { type Clock, epochSeconds } from '../../domain/clock';
import { AppError, badRequest } from '../errors';
import { hashToken } from '../sessions';

export const FORWARD_PATH = `${API_PREFIX}/ingest/forward`;
const TOKEN_PREFIX = 'kst_';
/** Enough of the token to tell two apart, far too little to guess the rest. */
const HINT_LENGTH = TOKEN_PREFIX.length + 6;

function newToken(): { token: string; hash: string; hint: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), hint: token.slice(0, HINT_LENGTH) };
}

export function dataSources(deps: { db: Db; clock: Clock; publicUrl: string; networks: Network[] }) {
  const repo = () => dataSourcesRepo(deps.db);

  async function state(userId: number, token?: string): Promise<DataSourceState> {
    const [enabled, row] = await Promise.all([repo().enabledOf(userId), repo().token(userId)]);
    return {
      sources: [
        { source: 'x', enabled: true, system: true },
        ...CUSTOM_SOURCES.map((source) => ({ source, enabled: enabled.includes(source), system: false })),
      ],
      networks: deps.networks,
      forwarding: {
        url: `${deps.publicUrl}${FORWARD_PATH}`,
        hasToken: Boolean(row),
        tokenHint: row ? `${row.hint}…` : '',
        ...(token ? { token } : {}),
        ...(row ? { createdAt: epochSeconds(row.created_at) } : {}),
        ...(row?.last_used_at ? { lastUsedAt: epochSeconds(row.last_used_at) } : {}),
      },
    };
  }

  return {
    list: (userId: number) => state(userId),

    /** Turning the first custom source on also makes the token, shown in this answer only. */
    async update(userId: number, source: DataSource, enabled: boolean): Promise<DataSourceState> {
      if (source === 'x') throw badRequest('data_source_system');
      await repo().set(userId, source, enabled, deps.clock.now());
      if (!enabled) return state(userId);
      const t = newToken();
      const created = await repo().createTokenIfNone(userId, t.hash, t.hint, deps.clock.now());
      return state(userId, created ? t.token : undefined);
    },

    async rotate(userId: number): Promise<DataSourceState> {
      const t = newToken();
      await repo().setToken(userId, t.hash, t.hint, deps.clock.now());
      return state(userId, t.token);
    },

    async revoke(userId: number): Promise<DataSourceState> {
      await repo().deleteToken(userId);
      return state(userId);
    },

    /** The user a forwarding token belongs to; 401 for a missing, wrong or revoked one. */
    async authenticate(token: string | undefined): Promise<number> {
      const userId = token ? await repo().useToken(hashToken(token), deps.clock.now()) : undefined;
      if (userId === undefined) throw new AppError(Ret.unauthorized, 'forward_token_invalid', {}, 401);
      return userId;
    },

    enabledSources: (userId: number) => repo().enabledOf(userId) as Promise<CustomSource[]>,
  };
}
export type DataSources = ReturnType<typeof dataSources>;
