/**
 * Forwarded phone notifications (POST /webapi/v1/ingest/forward). The privacy promise of
 * /data-source: a message is kept only when its source is on and it matches the keywords of one
 * of the user's notification views that takes that source. Anything else is answered and
 * dropped; nothing of it is written, not even to the log.
 */
import type { CustomSource, ForwardMessage } from '@kolscope/contract';
import type { Db } from '../../db/db';
import { notificationsRepo } from '../../db/repos/notifications';
import { pushRepo } from '../../db/repos/push';
import { type Clock, epochSeconds } from '../../domain/clock';
import type { DataSources } from './data-sources';
import { keywordGroupsOf, matchesGroups, messageHaystack, sourcesOf } from './match';
import type { Notifier } from './notifier';

/** Android package names of the apps, and words their names contain (forwarders send either). */
const PACKAGES: Record<string, CustomSource> = {
  'com.tencent.mm': 'wechat',
  'org.telegram.messenger': 'telegram',
  'org.telegram.messenger.web': 'telegram',
  'org.telegram.plus': 'telegram',
  'org.thunderdog.challegram': 'telegram',
  'com.whatsapp': 'whatsapp',
  'com.whatsapp.w4b': 'whatsapp',
  'com.discord': 'discord',
};
const NAMES: [RegExp, CustomSource][] = [
  [/wechat|weixin|微信/i, 'wechat'],
  [/telegram/i, 'telegram'],
  [/whatsapp/i, 'whatsapp'],
  [/discord/i, 'discord'],
];

/** The custom source an `app` value names: a source id, an app name or an Android package. */
export function sourceOfApp(app: string): CustomSource | undefined {
  const key = app.trim().toLowerCase();
  return PACKAGES[key] ?? NAMES.find(([re]) => re.test(key))?.[1];
}

/** A phone clock ahead of ours must not pin a message above everything newer. */
const FUTURE_TOLERANCE_SECONDS = 300;

export type ForwardResult = {
  stored: boolean;
  source: string;
  reason: 'stored' | 'no_match' | 'source_off' | 'app_unknown';
};

export function forward(deps: { db: Db; clock: Clock; dataSources: DataSources; notifier: Notifier }) {
  return {
    async receive(userId: number, msg: ForwardMessage): Promise<ForwardResult> {
      const source = sourceOfApp(msg.app);
      if (!source) return { stored: false, source: '', reason: 'app_unknown' };
      if (!(await deps.dataSources.enabledSources(userId)).includes(source)) {
        return { stored: false, source, reason: 'source_off' };
      }
      const haystack = messageHaystack(msg);
      const views = (await pushRepo(deps.db).notificationViewsOf(userId)).filter(
        (v) => sourcesOf(v.settings).includes(source) && matchesGroups(haystack, keywordGroupsOf(v.matching_rules)),
      );
      if (views.length === 0) return { stored: false, source, reason: 'no_match' };

      const now = epochSeconds(deps.clock.now());
      const ct = msg.time === undefined || msg.time > now + FUTURE_TOLERANCE_SECONDS ? now : msg.time;
      const stored = { source, app: msg.app, sender: msg.sender, title: msg.title, text: msg.text, ct };
      await notificationsRepo(deps.db).insertMessage({ userId, ...stored }, deps.clock.now());
      await deps.notifier.messageStored(views, stored);
      return { stored: true, source, reason: 'stored' };
    },
  };
}
export type Forward = ReturnType<typeof forward>;
