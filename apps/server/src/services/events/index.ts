/** The event bus the configuration asks for: in-process without EVENTS_URL, else Redis pub/sub. */
import type { Config } from '../../config';
import { localBus } from './local';
import { redisBus } from './redis';
import type { EventBus } from './types';

export type { AppEvent, AppEventType, EventBus } from './types';

export function openEventBus(config: Pick<Config, 'eventsUrl'>, log: (line: string) => void): EventBus {
  return config.eventsUrl ? redisBus(config.eventsUrl, log) : localBus(log);
}
