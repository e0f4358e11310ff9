/**
 * The words an argument is recognised by: a post's text as TF-IDF terms. English (and other
 * spaced scripts) by word, Chinese and Japanese by character bigrams (no spaces to split on, and
 * bigrams need no dictionary). Links, @handles and punctuation are dropped and `$BTC` reads as
 * `btc` by the near-duplicate tokenizer (domain/text-fingerprint.ts), so one normalisation serves
 * both. Stop words and bare numbers say nothing about what an argument is.
 */
import { tokens } from '../../domain/text-fingerprint';

const CJK_CHAR = /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]$/u;

const STOP = new Set(
  (
    'a an the and or but if then so to of in on at by for from with as is are was were be been being am it its ' +
    'this that these those i me my we our you your he she they them their his her not no yes do does did done ' +
    'have has had will would can could should just very too also than more most some any all about into over ' +
    'out up down what when where which who why how there here rt via amp im dont its lets get got'
  ).split(' '),
);

/** The post's terms, in order, repeats kept (they make its term frequency). */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flushRun = () => {
    for (let i = 0; i + 1 < run.length; i++) out.push(run[i]! + run[i + 1]!);
    run = [];
  };
  for (const t of tokens(text)) {
    if (CJK_CHAR.test(t)) {
      run.push(t);
      continue;
    }
    flushRun();
    if (t.length < 2 || STOP.has(t) || /^\d+$/.test(t)) continue;
    out.push(t);
  }
  flushRun();
  return out;
}
