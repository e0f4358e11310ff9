/**
 * Training data for the learned sentiment model, read from ../shared/data/sentiment (never copied
 * into the repository). Every training file is `text,label` with labels already mapped to
 * bullish/neutral/bearish (see train/SOURCE.md there); some sources have no neutral class. Rows
 * are deduplicated on a normalised key across all files, and any row whose key is also a dev-set
 * key is dropped, so a dev row can never reach training through another file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SentimentLabel } from '../../../types';
import { parseCsvRecords } from '../csv';

export type ModelLang = 'en' | 'zh';

export interface SourceSpec {
  file: string;
  lang: ModelLang;
  /** Sources in one group share a weight; weights are chosen by cross-validation. */
  group: string;
  /**
   * Two-class sources (author bull/bear tags, bull/bear annotations) teach polarity only: their
   * loss compares bullish with bearish and leaves the neutral class alone. A file with no neutral
   * row is two-class; so is every row of a source outside the crypto domain (training.ts).
   */
  twoClass: boolean;
  /** Crypto posts or news: its rows join the pool the figures are cross-validated on. */
  crypto: boolean;
}

/**
 * The training files are the ones train/SOURCE.md describes, each under a heading
 * "### `file.csv` — rows (…) — …, crypto domain": the data's own notes, not a list in code, say
 * what there is. A `zh_` name is Chinese (SOURCE.md's rule); "crypto domain" in the heading puts
 * the file in the crypto pool. Each file is its own group, so each gets its own weight.
 */
export function readSourceList(dir: string): SourceSpec[] {
  const path = join(dir, 'train', 'SOURCE.md');
  if (!existsSync(path)) return [];
  const out: SourceSpec[] = [];
  for (const m of readFileSync(path, 'utf8').matchAll(/^###\s+`([^`/\\]+\.csv)`(.*)$/gm)) {
    const file = m[1]!;
    if (out.some((s) => s.file === file)) continue;
    out.push({
      file,
      lang: file.startsWith('zh_') ? 'zh' : 'en',
      group: file.replace(/\.csv$/, ''),
      twoClass: false,
      crypto: /crypto domain/i.test(m[2] ?? ''),
    });
  }
  return out;
}

export const DEV_SETS = [
  { name: 'crypto_3class_dev', file: 'crypto_3class_dev.csv', twoClass: false },
  { name: 'surge_reddit_bullbear_dev', file: 'surge_reddit_bullbear_dev.csv', twoClass: true },
] as const;
export type DevName = (typeof DEV_SETS)[number]['name'];

export interface Example {
  text: string;
  label: SentimentLabel;
  source: string;
  group: string;
  twoClass: boolean;
  /** In the crypto pool the figures are cross-validated on (the dev sets and crypto sources). */
  crypto: boolean;
}

export interface LoadedData {
  dir: string;
  /** Training rows per language, after dedupe and dev exclusion, in source order. */
  train: Record<ModelLang, Example[]>;
  dev: Record<DevName, Example[]>;
  /** Per source file: rows read, rows kept. */
  counts: { file: string; group: string; read: number; kept: number; dropped: { dup: number; dev: number } }[];
  /** SHA-256 of every file read, by file name. */
  hashes: Record<string, string>;
}

const LABEL_SET = new Set<string>(['bullish', 'neutral', 'bearish']);
const URL_RE = /https?:\/\/\S+|www\.\S+/g;
const CASHTAG_RE = /\$[\p{L}\p{N}][\p{L}\p{N}._-]*/gu;
const MENTION_RE = /@\w+/g;
const PUNCT_RE = /[^\p{L}\p{N}\s]/gu;

/** Display text: whitespace collapsed and trimmed, nothing else changed. */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The dedupe key of train/SOURCE.md: lower case, no URLs, cashtags, mentions or punctuation. */
export function normaliseKey(text: string): string {
  return text
    .toLowerCase()
    .replace(URL_RE, ' ')
    .replace(CASHTAG_RE, ' ')
    .replace(MENTION_RE, ' ')
    .replace(PUNCT_RE, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where the data lives: SENTIMENT_DATA_DIR, else ../shared/data/sentiment from the repo root. */
export function sentimentDataDir(root: string = process.cwd()): string {
  return process.env.SENTIMENT_DATA_DIR ?? resolve(root, '..', 'shared', 'data', 'sentiment');
}

function readLabelled(path: string): { rows: { text: string; label: SentimentLabel }[]; hash: string } {
  const raw = readFileSync(path);
  const { header, rows } = parseCsvRecords(raw.toString('utf8'));
  const t = header.indexOf('text');
  const l = header.indexOf('label');
  if (t < 0 || l < 0) throw new Error(`${path}: needs 'text' and 'label' columns`);
  const out: { text: string; label: SentimentLabel }[] = [];
  for (const r of rows) {
    const label = (r[l] ?? '').trim().toLowerCase();
    const text = cleanText(r[t] ?? '');
    if (LABEL_SET.has(label) && text) out.push({ text, label: label as SentimentLabel });
  }
  return { rows: out, hash: createHash('sha256').update(raw).digest('hex') };
}

/**
 * Reads every training and dev file present in `dir`. Missing training files are skipped (the
 * counts say so); a missing dev set gives an empty list. `sources` lets tests use their own files.
 */
export function loadData(dir: string, sources: readonly SourceSpec[] = readSourceList(dir)): LoadedData {
  const hashes: Record<string, string> = {};
  const dev = {} as Record<DevName, Example[]>;
  const devKeys = new Set<string>();
  for (const d of DEV_SETS) {
    const path = join(dir, d.file);
    dev[d.name] = [];
    if (!existsSync(path)) continue;
    const { rows, hash } = readLabelled(path);
    hashes[d.file] = hash;
    const seen = new Set<string>();
    for (const r of rows) {
      const key = normaliseKey(r.text);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      devKeys.add(key);
      dev[d.name].push({ ...r, source: d.name, group: 'dev', twoClass: d.twoClass, crypto: true });
    }
  }
  const train: Record<ModelLang, Example[]> = { en: [], zh: [] };
  const seen = new Set<string>();
  const counts: LoadedData['counts'] = [];
  for (const s of sources) {
    const path = join(dir, 'train', s.file);
    if (!existsSync(path)) {
      counts.push({ file: s.file, group: s.group, read: 0, kept: 0, dropped: { dup: 0, dev: 0 } });
      continue;
    }
    const { rows, hash } = readLabelled(path);
    hashes[`train/${s.file}`] = hash;
    let kept = 0;
    let dup = 0;
    let inDev = 0;
    // A source with no neutral row says nothing about neutral: it teaches polarity only.
    const twoClass = s.twoClass || !rows.some((r) => r.label === 'neutral');
    for (const r of rows) {
      const key = normaliseKey(r.text);
      if (!key) continue;
      if (devKeys.has(key)) {
        inDev++;
        continue;
      }
      if (seen.has(key)) {
        dup++;
        continue;
      }
      seen.add(key);
      train[s.lang].push({ ...r, source: s.file, group: s.group, twoClass, crypto: s.crypto });
      kept++;
    }
    counts.push({ file: s.file, group: s.group, read: rows.length, kept, dropped: { dup, dev: inDev } });
  }
  return { dir, train, dev, counts, hashes };
}
