/**
 * admin/stat answers shaped for the chart and the series table: one line per table (tableName),
 * values on one shared list of buckets, a colour per line, and each line's latest value with its
 * total (counts that add up over time) or its peak (distinct accounts, which do not).
 */
import { type adminCalls, type Response, STAT_TABLE_SCROLL_SERIES, type StatType } from '@kolscope/contract';

export type StatTables = Response<typeof adminCalls.stat>;

/** Colours cycle after this many lines (statistics.css defines tones s0..s11). */
export const TONES = 12;

export interface StatLine {
  key: string;
  name: string;
  tone: string;
  values: number[];
  latest: number;
  /** The period's total, or its peak bucket (see summaryKind). */
  summary: number;
}

export interface StatModel {
  cts: number[];
  lines: StatLine[];
  /** The share of the last bucket gone by when it is still filling (every table shares it). */
  partialElapsed?: number | undefined;
}

/** Distinct accounts per bucket cannot be added up across buckets: those show their peak. */
export function summaryKind(statType: StatType): 'total' | 'peak' {
  return statType === 'count_account' || statType === 'count_crypto_account' ? 'peak' : 'total';
}

export function shapeStat(tables: StatTables, statType: StatType): StatModel {
  // The server gives every table the same buckets; a union keeps the lines aligned regardless.
  const cts = [...new Set(tables.flatMap((t) => t.tableList.map((b) => b.ct)))].sort((a, b) => a - b);
  const kind = summaryKind(statType);
  const seen = new Set<string>();
  const lines = tables.map((table, i) => {
    // Keyed by name, so a focused series stays focused when a refresh reorders the categories.
    const key = seen.has(table.tableName) ? `${table.tableName}#${i}` : table.tableName;
    seen.add(table.tableName);
    const byCt = new Map(table.tableList.map((b) => [b.ct, b.cnt]));
    const values = cts.map((ct) => byCt.get(ct) ?? 0);
    const summary = kind === 'total' ? values.reduce((s, v) => s + v, 0) : Math.max(0, ...values);
    return {
      key,
      name: table.tableName,
      tone: `s${i % TONES}`,
      values,
      latest: values.at(-1) ?? 0,
      summary,
    };
  });
  // The server marks the bucket holding now in every table; the first table's mark stands for all.
  const last = tables[0]?.tableList.at(-1);
  const partialElapsed = last?.partial && last.ct === cts.at(-1) ? (last.elapsed ?? 0) : undefined;
  return { cts, lines, partialElapsed };
}

/** The lines the chart draws: all, or only the one picked in the table (when it is there). */
export function visibleLines(lines: readonly StatLine[], focus: string | null): readonly StatLine[] {
  const picked = lines.find((l) => l.key === focus);
  return picked ? [picked] : lines;
}

/** Spec section 9: the series table scrolls with 4 or more series. */
export function tableScrolls(lineCount: number): boolean {
  return lineCount >= STAT_TABLE_SCROLL_SERIES;
}
