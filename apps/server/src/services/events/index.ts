/** The event bus the configuration asks for: in-process without EVENTS_URL, else Redis pub/sub. */
import type { Queryable } from '../../db/db';
import { databaseIdentity } from '../../db/identity';
import { localBus } from './local';
import { redisBus } from './redis';
import type { EventBus } from './types';
import { EVENTS_CHANNEL } from './wire';

export type { AppEvent, AppEventType, EventBus } from './types';

export async function openEventBus(
  config: { eventsUrl: string | undefined },
  db: Queryable,
  log: (line: string) => void,
): Promise<EventBus> {
  if (!config.eventsUrl) return localBus(log);
  return redisBus(config.eventsUrl, log, await eventsChannel(db));
}

/**
 * The channel is named after the database and schema the processes share: Redis pub/sub ignores
 * database numbers, so two installs (or two test schemas) on one Redis would otherwise hear each
 * other's events (hints only, but another install's user 5 is not this one's).
 */
export async function eventsChannel(db: Queryable): Promise<string> {
  return `${EVENTS_CHANNEL}:${await databaseIdentity(db)}`;
}
