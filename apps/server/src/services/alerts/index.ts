/**
 * Opinion alerts (issue 33 §1; README.md here): the rules' calls, the fired alerts' list, and the
 * minute timer that evaluates every rule and sends what fired to the notification list and by
 * Web Push in each subscriber's language.
 */
import {
  ALERT_LIMITS,
  ALERT_WINDOW_SECONDS,
  type AlertEvent,
  type AlertKind,
  type AlertRule,
  type AlertWindow,
  type Language,
  translate,
} from '@kolscope/contract';
import type { Db } from '../../db/db';
import { type AlertEventRow, type AlertRuleRow, alertsRepo } from '../../db/repos/alerts';
import { type Clock, epochSeconds } from '../../domain/clock';
import { badRequest, notFound } from '../errors';
import { groupName } from '../kol-groups';
import type { PushService } from '../notifications/push';
import { repeating } from '../repeating';
import type { Views } from '../views';
import { decide, measureAll } from './evaluate';
import { bullishShare, total } from './judge';

/** The timer asks often and claims each minute once (alertsRepo.claimMinute), so no minute is skipped by drift. */
export const ALERT_TICK_MS = 10_000;
const PAGE = 20;

const windowOf = (seconds: number): AlertWindow =>
  (Object.entries(ALERT_WINDOW_SECONDS).find(([, s]) => s === seconds)?.[0] ?? '1h') as AlertWindow;

const toWire = (r: AlertRuleRow): AlertRule => ({
  alertId: String(r.id),
  viewId: String(r.view_id),
  kind: r.kind,
  window: windowOf(r.window_s),
  threshold: r.threshold,
  minPosts: r.min_posts,
  armed: r.armed,
});

/** The sentence an alert is told in (list and push alike). */
export function alertText(e: AlertEventRow, lang: Language): string {
  const now = { up: e.now_up, neutral: e.now_neutral, down: e.now_down };
  const before = { up: e.before_up, neutral: e.before_neutral, down: e.before_down };
  const common = {
    subject: e.subject,
    window: translate(lang, `alert_window_${windowOf(e.window_s)}`),
    group: groupLabel(e, lang),
    posts: total(now),
  };
  if (e.kind === 'sentiment_swing') {
    return translate(lang, 'alert_swing_text', { ...common, before: bullishShare(before), now: bullishShare(now) });
  }
  if (e.baseline <= 0) return translate(lang, 'alert_spike_new_text', common);
  return translate(lang, 'alert_spike_text', {
    ...common,
    times: (total(now) / e.baseline).toFixed(1),
    baseline: e.baseline.toFixed(1),
  });
}

function groupLabel(e: AlertEventRow, lang: Language): string {
  if (e.group_id === null) return translate(lang, 'kol_default_all');
  return groupName({ default_key: e.group_default_key ?? '', name: e.group_name ?? '' }, lang);
}

function present(e: AlertEventRow, lang: Language): AlertEvent {
  return {
    eventId: String(e.id),
    alertId: e.rule_id === null ? '' : String(e.rule_id),
    viewId: String(e.view_id),
    viewType: e.view_type,
    kind: e.kind,
    window: windowOf(e.window_s),
    at: e.at,
    subject: e.subject,
    groupName: groupLabel(e, lang),
    now: { up: e.now_up, neutral: e.now_neutral, down: e.now_down },
    before: { up: e.before_up, neutral: e.before_neutral, down: e.before_down },
    baseline: Math.round(e.baseline * 10) / 10,
    text: alertText(e, lang),
  };
}

interface RuleBody {
  kind: AlertKind;
  window: AlertWindow;
  threshold: number;
  minPosts: number;
}
const ruleColumns = (b: RuleBody) => ({
  kind: b.kind,
  window_s: ALERT_WINDOW_SECONDS[b.window],
  threshold: b.threshold,
  min_posts: b.minPosts,
});
const ruleId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : 0);

export function alerts(deps: { db: Db; clock: Clock; views: Views; push?: PushService; log: (line: string) => void }) {
  const repo = () => alertsRepo(deps.db);

  /** The user's coin or event opinion view; another user's, or any other type, is not found. */
  async function opinionView(userId: number, viewId: string) {
    const row = await deps.views.ownView(userId, viewId);
    if (row.view_type !== 'coin_opinion' && row.view_type !== 'event_opinion') throw badRequest('alert_view_type');
    return row;
  }

  /**
   * Evaluates the current minute when no process did yet: claim, read, judge and record in one
   * transaction (a second process waits on the claim and then finds the minute taken), then
   * pushes what fired. Answers what it did, or null when the minute was another's.
   */
  async function evaluateMinute(at = epochSeconds(deps.clock.now())) {
    const minute = at - (at % 60);
    const started = performance.now();
    const result = await deps.db.transaction(async (tx) => {
      const r = alertsRepo(tx);
      if (!(await r.claimMinute(minute))) return null;
      const rules = await r.rulesToEvaluate();
      const outcome = decide(await measureAll(r, rules, minute), minute);
      const ids = await r.record(outcome.fired, outcome.disarm, outcome.rearm);
      return { rules: rules.length, ids, rearmed: outcome.rearm.length };
    });
    if (!result) return null;
    const ms = performance.now() - started;
    if (result.ids.length) await pushFired(result.ids);
    return { minute, rules: result.rules, fired: result.ids.length, rearmed: result.rearmed, ms };
  }

  async function pushFired(ids: number[]) {
    if (!deps.push) return;
    const push = deps.push;
    const byUser = new Map<number, AlertEventRow[]>();
    for (const e of await repo().eventsByIds(ids)) byUser.set(e.user_id, [...(byUser.get(e.user_id) ?? []), e]);
    for (const [userId, events] of byUser) {
      for (const e of events) {
        await push
          .sendToUser(userId, (lang) => ({
            title: translate(lang, 'alert_push_title'),
            body: alertText(e, lang),
            url: `./#/view-detail/${e.view_id}?at=${e.at}`,
            tag: `alert-${e.rule_id ?? e.id}`,
          }))
          .catch((err: unknown) => deps.log(`alerts: push failed: ${(err as Error).message}`));
      }
    }
  }

  const service = {
    async list(userId: number, viewId?: string) {
      const id = viewId === undefined ? undefined : (await opinionView(userId, viewId)).id;
      return {
        list: (await repo().list(userId, id)).map(toWire),
        perUser: ALERT_LIMITS.perUser,
        perView: ALERT_LIMITS.perView,
      };
    },

    async add(userId: number, b: RuleBody & { viewId: string }): Promise<AlertRule> {
      const view = await opinionView(userId, b.viewId);
      const added = await deps.db.transaction((tx) =>
        alertsRepo(tx).add({ user_id: userId, view_id: view.id, ...ruleColumns(b) }, ALERT_LIMITS, deps.clock.now()),
      );
      if (added === 'user_full') throw badRequest('alert_limit_user', { max: ALERT_LIMITS.perUser });
      if (added === 'view_full') throw badRequest('alert_limit_view', { max: ALERT_LIMITS.perView });
      return toWire(added);
    },

    async update(userId: number, b: RuleBody & { alertId: string }): Promise<AlertRule> {
      const row = await repo().update(userId, ruleId(b.alertId), ruleColumns(b));
      if (!row) throw notFound();
      return toWire(row);
    },

    async remove(userId: number, alertId: string): Promise<null> {
      if (!(await repo().remove(userId, ruleId(alertId)))) throw notFound();
      return null;
    },

    /** Fired alerts, newest first; the cursor is `<at>:<id>` of the last one. */
    async events(userId: number, q: { viewId?: string | undefined; nextCb: string }, lang: Language) {
      const viewId = q.viewId === undefined ? undefined : (await opinionView(userId, q.viewId)).id;
      const m = /^(\d{1,15}):(\d{1,15})$/.exec(q.nextCb);
      if (q.nextCb && !m) throw badRequest('cursor_invalid');
      const rows = await repo().events(userId, {
        ...(viewId !== undefined ? { viewId } : {}),
        ...(m ? { before: { at: Number(m[1]), id: Number(m[2]) } } : {}),
        limit: PAGE + 1,
      });
      const list = rows.slice(0, PAGE);
      const last = list[list.length - 1];
      const more = rows.length > PAGE && last;
      return {
        list: list.map((e) => present(e, lang)),
        more: more ? (1 as const) : (0 as const),
        nextCb: more ? `${last.at}:${last.id}` : '',
      };
    },

    evaluateMinute,
    ...repeating(ALERT_TICK_MS, () => evaluateMinute(), deps.log, 'alerts'),
  };
  return service;
}
export type Alerts = ReturnType<typeof alerts>;
