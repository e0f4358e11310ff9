import { describe, expect, it } from 'vitest';
import { builtinClassifier } from '../../../src/pipeline/enrich/sentiment/classifier';
import {
  classifyCsv,
  evalCsv,
  formatEvalReport,
  parseCsv,
  parseCsvRecords,
  writeCsv,
} from '../../../src/pipeline/enrich/sentiment/csv';
import type { SentimentClassifier } from '../../../src/pipeline/types';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields with LF or CRLF and no final newline', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
  it('reads quoted fields with commas, "" escapes and embedded newlines', () => {
    expect(parseCsv('text,label\n"buy, hold","say ""wagmi"""\n"line one\r\nline two",x\n')).toEqual([
      ['text', 'label'],
      ['buy, hold', 'say "wagmi"'],
      ['line one\r\nline two', 'x'],
    ]);
  });
  it('keeps empty fields, empty quoted fields and unicode', () => {
    expect(parseCsv(',"",\n比特币 🚀,,')).toEqual([
      ['', '', ''],
      ['比特币 🚀', '', ''],
    ]);
  });
  it('strips a byte-order mark', () => {
    expect(parseCsv('\uFEFFtext\nhi')).toEqual([['text'], ['hi']]);
  });
  it('rejects an unterminated quote and stray text after a closing quote', () => {
    expect(() => parseCsv('"open,1\n')).toThrow(/unterminated/);
    expect(() => parseCsv('"a"b,1\n')).toThrow(/after a quoted field/);
  });
  it('skips blank lines between records and trims header names', () => {
    expect(parseCsvRecords(' text , label \nx,y\n\nz,w\n')).toEqual({
      header: ['text', 'label'],
      rows: [
        ['x', 'y'],
        ['z', 'w'],
      ],
    });
  });
  it('writes what it reads (round trip) and quotes only when needed', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quote"', 'two\nlines', ''],
      ['🚀', ' spaced ', '', '', 'x'],
    ];
    const text = writeCsv(rows);
    expect(text.split('\r\n')[0]).toBe('plain,"with, comma","with ""quote""","two\nlines",');
    expect(parseCsv(text)).toEqual(rows);
  });
});

describe('classifyCsv', () => {
  it('appends label, score and cues to every row', async () => {
    const out = parseCsv(
      await classifyCsv('id,text\n1,"pump it, to the moon 🚀"\n2,rekt again 📉\n', builtinClassifier),
    );
    expect(out[0]).toEqual(['id', 'text', 'label', 'score', 'cues', 'call', 'confidence']);
    expect(out[1]!.slice(0, 3)).toEqual(['1', 'pump it, to the moon 🚀', 'bullish']);
    expect(Number(out[1]![3])).toBeGreaterThan(0);
    expect(out[1]![4]).toContain('🚀');
    expect(out[2]![2]).toBe('bearish');
    // The rules have no calibration: every bullish or bearish reading is a call, confidence empty.
    expect(out[1]!.slice(5)).toEqual(['bullish', '']);
  });
  it('writes the call and confidence a calibrated classifier gives', async () => {
    const sure: SentimentClassifier = {
      name: 'sure',
      classify: async (texts) =>
        texts.map((t) =>
          t.startsWith('a')
            ? { label: 'bullish', score: 0.8, cues: [], confidence: 0.91, call: 'bullish' }
            : { label: 'bearish', score: -0.2, cues: [], confidence: 0.4567, call: null },
        ),
    };
    const out = parseCsv(await classifyCsv('text\na\nb\n', sure));
    expect(out[1]!.slice(-2)).toEqual(['bullish', '0.910']);
    expect(out[2]!.slice(-2)).toEqual(['', '0.457']);
  });
  it('keeps an existing label column and names the prediction predicted_label', async () => {
    const out = parseCsv(await classifyCsv('text,label\nbreakout confirmed,bullish\n', builtinClassifier));
    expect(out[0]).toEqual(['text', 'label', 'predicted_label', 'score', 'cues', 'call', 'confidence']);
    expect(out[1]!.slice(0, 3)).toEqual(['breakout confirmed', 'bullish', 'bullish']);
  });
  it('needs a text column', async () => {
    await expect(classifyCsv('body\nhello\n', builtinClassifier)).rejects.toThrow(/'text' column/);
  });
});

describe('evalCsv and formatEvalReport', () => {
  const fixed = (labels: string[]): SentimentClassifier => ({
    name: 'fixed',
    classify: async (texts) => texts.map((_, i) => ({ label: labels[i] as 'bullish', score: 0, cues: [] })),
  });

  it('scores predictions against the label column and skips unknown labels', async () => {
    const csv = 'text,label\na,bullish\nb,Bearish\nc,neutral\nd,spam\n';
    const r = await evalCsv(csv, fixed(['bullish', 'neutral', 'neutral']));
    expect(r).toMatchObject({ rows: 3, skipped: 1, binary: false, classifier: 'fixed' });
    expect(r.accuracy).toBeCloseTo(2 / 3);
    const report = formatEvalReport(r);
    expect(report).toContain('accuracy: 66.7%');
    expect(report).toContain('1 skipped');
    expect(report).toMatch(/macro-F1: 0\.\d{3} over bullish, neutral, bearish/);
  });
  it('marks a set without neutral gold rows as binary', async () => {
    const r = await evalCsv('text,label\na,bullish\nb,bearish\n', fixed(['bullish', 'neutral']));
    expect(r.binary).toBe(true);
    expect(r.accuracy).toBe(0.5);
    expect(formatEvalReport(r)).toContain('neutral prediction counts as wrong');
  });
  it('needs text and label columns', async () => {
    await expect(evalCsv('text\nx\n', builtinClassifier)).rejects.toThrow(/'label'/);
  });
});
