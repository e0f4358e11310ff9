/**
 * One minute's evaluation of every alert rule (README.md, "Evaluation"): the rules are grouped by
 * what they read (a coin over all authors, a KOL group's coin, an event view), each group's
 * rollup rows are read once for all its rules (one statement per rollup table), and each rule is
 * judged on the sums of its windows. 10,000 rules are three statements, not 10,000.
 */
import type {
  AlertRuleRow,
  AlertsRepo,
  EvalRuleRow,
  NewAlertEvent,
  SegmentSums,
  SubjectQuery,
  SubjectTable,
} from '../../db/repos/alerts';
import { type Counts, judge, rulePoints } from './judge';

/** What a rule measured at a minute: its window and the one it compares with. */
export interface Measure {
  rule: EvalRuleRow;
  now: Counts;
  before: Counts;
}

function subjectOf(r: EvalRuleRow): { table: SubjectTable; gid: number; coin: string } | undefined {
  if (r.view_type === 'event_opinion') return { table: 'event', gid: r.view_id, coin: '' };
  if (!r.coin || r.group_gone || r.group_pending) return undefined;
  return r.group_id === null
    ? { table: 'coin', gid: 0, coin: r.coin }
    : { table: 'group', gid: r.group_id, coin: r.coin };
}

/** Reads the windows of every rule at `minute`: one rollup statement per table. */
export async function measureAll(repo: AlertsRepo, rules: EvalRuleRow[], minute: number): Promise<Measure[]> {
  const subjects = new Map<string, { table: SubjectTable; q: SubjectQuery; rules: EvalRuleRow[] }>();
  for (const r of rules) {
    const s = subjectOf(r);
    if (!s) continue;
    const id = `${s.table}|${s.gid}|${s.coin}`;
    let entry = subjects.get(id);
    if (!entry) {
      entry = { table: s.table, q: { sid: subjects.size + 1, gid: s.gid, coin: s.coin, points: [] }, rules: [] };
      subjects.set(id, entry);
    }
    entry.rules.push(r);
    entry.q.points.push(...rulePoints(r, minute));
  }
  const bySid = new Map<number, { points: number[]; segs: Counts[]; rules: EvalRuleRow[] }>();
  for (const e of subjects.values()) {
    e.q.points = [...new Set(e.q.points)].sort((a, b) => a - b);
    bySid.set(e.q.sid, {
      points: e.q.points,
      segs: e.q.points.map(() => ({ up: 0, neutral: 0, down: 0 })),
      rules: e.rules,
    });
  }
  const tables: SubjectTable[] = ['coin', 'group', 'event'];
  const sums: SegmentSums[] = [];
  for (const table of tables) {
    const qs = [...subjects.values()].filter((e) => e.table === table).map((e) => e.q);
    sums.push(...(await repo.segmentSums(table, qs, minute)));
  }
  for (const s of sums) {
    const seg = bySid.get(s.sid)?.segs[s.seg - 1];
    if (!seg) continue;
    seg.up += s.up;
    seg.neutral += s.neutral;
    seg.down += s.down;
  }
  const out: Measure[] = [];
  for (const { points, segs, rules: onIt } of bySid.values()) {
    /** The counts of [a, b), two of the subject's points: the segments between them. */
    const between = (a: number, b: number): Counts => {
      const c = { up: 0, neutral: 0, down: 0 };
      for (let i = points.indexOf(a); i < points.indexOf(b); i++) {
        c.up += segs[i]!.up;
        c.neutral += segs[i]!.neutral;
        c.down += segs[i]!.down;
      }
      return c;
    };
    for (const rule of onIt) {
      const [p0, p1, p2] = rulePoints(rule, minute);
      out.push({ rule, now: between(p1, p2), before: between(p0, p1) });
    }
  }
  return out;
}

export interface MinuteOutcome {
  fired: NewAlertEvent[];
  disarm: number[];
  rearm: number[];
}

/** Judges every measure: armed rules that reach fire (and disarm), disarmed ones that fell back re-arm. */
export function decide(measures: Measure[], minute: number): MinuteOutcome {
  const out: MinuteOutcome = { fired: [], disarm: [], rearm: [] };
  for (const { rule, now, before } of measures) {
    const v = judge(rule, now, before);
    if (rule.armed && v.reached) {
      out.disarm.push(rule.id);
      out.fired.push(eventOf(rule, now, before, v.baseline, minute));
    } else if (!rule.armed && v.fellBack) {
      out.rearm.push(rule.id);
    }
  }
  return out;
}

function eventOf(rule: EvalRuleRow, now: Counts, before: Counts, baseline: number, minute: number): NewAlertEvent {
  return {
    user_id: rule.user_id,
    rule_id: rule.id,
    view_id: rule.view_id,
    kind: rule.kind as AlertRuleRow['kind'],
    window_s: rule.window_s,
    at: minute,
    subject: rule.view_type === 'coin_opinion' ? (rule.coin ?? rule.view_name) : rule.view_name,
    group_id: rule.group_id,
    now_up: now.up,
    now_neutral: now.neutral,
    now_down: now.down,
    before_up: before.up,
    before_neutral: before.neutral,
    before_down: before.down,
    baseline,
  };
}
