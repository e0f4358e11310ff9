import type { Network } from '@kolscope/contract';
/** The notification services wired together (issue 7): list, data sources, forwarding, push. */
import type { Db } from '../../db/db';
import type { Clock } from '../../domain/clock';
import type { EventBus } from '../events/types';
import type { Views } from '../views';
import { dataSources } from './data-sources';
import { notificationFeed } from './feed';
import { forward } from './forward';
import { notifier } from './notifier';
import { type PushOptions, pushService } from './push';

export type { PushOptions };

export function notificationServices(deps: {
  db: Db;
  clock: Clock;
  views: Views;
  log: (line: string) => void;
  publicUrl: string;
  networks?: Network[] | undefined;
  push?: PushOptions | undefined;
  events?: EventBus;
}) {
  const push = pushService({ db: deps.db, clock: deps.clock, log: deps.log, options: deps.push ?? {} });
  const sources = dataSources({
    db: deps.db,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    networks: deps.networks ?? ['x'],
  });
  const notify = notifier({
    db: deps.db,
    clock: deps.clock,
    push,
    log: deps.log,
    ...(deps.events ? { events: deps.events } : {}),
  });
  return {
    notifications: notificationFeed({ db: deps.db, views: deps.views }),
    dataSources: sources,
    push,
    notifier: notify,
    forward: forward({ db: deps.db, clock: deps.clock, dataSources: sources, notifier: notify }),
  };
}
