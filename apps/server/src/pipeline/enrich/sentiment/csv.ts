/**
 * RFC 4180 CSV, read and written by hand: the files are small, and a parser we own keeps the
 * `classify` / `eval` commands free of a dependency whose quoting rules we would have to trust.
 */
import { type SentimentClassifier, type SentimentLabel, callOfReading } from '../../types';
import { type Evaluation, evaluate, LABELS } from './metrics';

/** Parses CSV text into rows of fields. Accepts CRLF or LF, quoted fields, "" escapes, a BOM. */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  // `pending` is true once the current row has started, so a final line without a newline is kept
  // but a trailing newline does not add an empty row.
  let pending = false;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && field === '') {
      // A quoted field: read up to the closing quote, turning "" into ".
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close < 0) throw new Error('CSV: unterminated quoted field');
        field += text.slice(i, close);
        if (text[close + 1] === '"') {
          field += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      pending = true;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new Error(`CSV: unexpected character after a quoted field in row ${rows.length + 1}`);
      }
      continue;
    }
    if (c === ',') {
      row.push(field);
      field = '';
      pending = true;
      i++;
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      pending = false;
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      pending = true;
      i++;
    }
  }
  if (pending) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** Quotes a field only when it has to (comma, quote, CR or LF), as RFC 4180 allows. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Writes rows with CRLF line ends (RFC 4180) and a final CRLF. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}

/** Parses CSV with a header row into records keyed by column name. */
export function parseCsvRecords(input: string): { header: string[]; rows: string[][] } {
  const all = parseCsv(input);
  const header = (all[0] ?? []).map((h) => h.trim());
  // Blank lines (a single empty field) carry no data; skip them rather than fail on them.
  const rows = all.slice(1).filter((r) => !(r.length === 1 && r[0] === ''));
  return { header, rows };
}

// ---------- the `kolscope classify` and `kolscope eval` commands ----------

function column(header: string[], name: string): number {
  return header.findIndex((h) => h.toLowerCase() === name);
}

/**
 * Classifies the `text` column of a CSV. The output keeps every input column and appends
 * `label`, `score` and `cues` (cues joined by spaces); an appended name that the input already
 * uses gets a `predicted_` prefix, so `text,label` (a labelled file) becomes
 * `text,label,predicted_label,score,cues` and the gold column is never overwritten.
 */
export async function classifyCsv(input: string, classifier: SentimentClassifier): Promise<string> {
  const { header, rows } = parseCsvRecords(input);
  const textCol = column(header, 'text');
  if (textCol < 0) throw new Error(`CSV needs a 'text' column (found: ${header.join(', ') || 'nothing'})`);
  const taken = new Set(header.map((h) => h.toLowerCase()));
  const added = ['label', 'score', 'cues', 'call', 'confidence'].map((n) => (taken.has(n) ? `predicted_${n}` : n));
  const results = await classifier.classify(rows.map((r) => r[textCol] ?? ''));
  const out: string[][] = [[...header, ...added]];
  rows.forEach((r, i) => {
    const res = results[i]!;
    const cells = header.map((_, j) => r[j] ?? '');
    // call: the label when it counts as a call (SentimentResult.call), else empty; confidence:
    // the label's calibrated probability, empty when the classifier has none.
    const call = callOfReading(res) ?? '';
    out.push([
      ...cells,
      res.label,
      String(res.score),
      res.cues.join(' '),
      call,
      res.confidence === undefined ? '' : res.confidence.toFixed(3),
    ]);
  });
  return writeCsv(out);
}

export interface CsvEvaluation extends Evaluation {
  classifier: string;
  /** Rows left out because their gold label was not bullish, neutral or bearish. */
  skipped: number;
  /** Gold has no neutral rows: a neutral prediction counts as wrong. */
  binary: boolean;
}

/** Classifies a labelled CSV (`text` and `label` columns) and scores the predictions. */
export async function evalCsv(input: string, classifier: SentimentClassifier): Promise<CsvEvaluation> {
  const { header, rows } = parseCsvRecords(input);
  const textCol = column(header, 'text');
  const labelCol = column(header, 'label');
  if (textCol < 0 || labelCol < 0) throw new Error("CSV needs 'text' and 'label' columns");
  const texts: string[] = [];
  const gold: SentimentLabel[] = [];
  let skipped = 0;
  for (const r of rows) {
    const g = (r[labelCol] ?? '').trim().toLowerCase();
    if (!(LABELS as readonly string[]).includes(g)) {
      skipped++;
      continue;
    }
    texts.push(r[textCol] ?? '');
    gold.push(g as SentimentLabel);
  }
  const predicted = (await classifier.classify(texts)).map((r) => r.label);
  const result = evaluate(gold, predicted);
  return { ...result, classifier: classifier.name, skipped, binary: result.perClass.neutral.support === 0 };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A plain-text report of an evaluation, for the terminal. */
export function formatEvalReport(r: CsvEvaluation): string {
  const lines = [
    `classifier: ${r.classifier}`,
    `rows: ${r.rows}${r.skipped ? ` (${r.skipped} skipped: label not bullish/neutral/bearish)` : ''}`,
    `accuracy: ${pct(r.accuracy)}${r.binary ? ' (binary gold set: a neutral prediction counts as wrong)' : ''}`,
    `macro-F1: ${r.macroF1.toFixed(3)} over ${r.classes.join(', ')}`,
    '',
    'class      precision  recall    f1     support',
  ];
  for (const c of LABELS) {
    const m = r.perClass[c];
    lines.push(
      `${c.padEnd(10)} ${pct(m.precision).padStart(9)} ${pct(m.recall).padStart(7)} ${m.f1.toFixed(3).padStart(6)} ${String(m.support).padStart(8)}`,
    );
  }
  lines.push(
    '',
    'confusion (rows gold, columns predicted)',
    `${''.padEnd(10)} ${LABELS.map((l) => l.padStart(8)).join(' ')}`,
  );
  for (const g of LABELS) {
    lines.push(`${g.padEnd(10)} ${LABELS.map((p) => String(r.confusion[g][p]).padStart(8)).join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}
