/**
 * A 5x7 pixel font for the text on demo thumbnails (coin symbols, short captions, percentages):
 * upper-case Latin, digits and a little punctuation. Lower case is drawn as upper case and
 * anything else as a blank, which the demo pictures never need.
 */
import type { Bitmap, Rgb } from './bitmap';

const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 10001 01010 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  $: '00100 01111 10100 01110 00101 11110 00100',
  '%': '11000 11001 00010 00100 01000 10011 00011',
  '+': '00000 00100 00100 11111 00100 00100 00000',
  '-': '00000 00000 00000 11111 00000 00000 00000',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  ',': '00000 00000 00000 00000 01100 00100 01000',
  '/': '00000 00001 00010 00100 01000 10000 00000',
  '?': '01110 10001 00001 00010 00100 00000 00100',
  '!': '00100 00100 00100 00100 00100 00000 00100',
  ':': '00000 01100 01100 00000 01100 01100 00000',
  '·': '00000 00000 00000 01100 01100 00000 00000',
};

/** Lit cells of each glyph as [column, row] pairs, parsed once. */
const CELLS = new Map(
  Object.entries(GLYPHS).map(([ch, rows]) => [
    ch,
    rows.split(' ').flatMap((row, y) => [...row].flatMap((bit, x) => (bit === '1' ? [[x, y] as const] : []))),
  ]),
);

const ADVANCE = 6; // 5 columns and a gap

export type TextAnchor = 'start' | 'middle' | 'end';

/** The width of `text` at cap height `capHeight`, in pixels. */
export function textWidth(text: string, capHeight: number): number {
  return ([...text].length * ADVANCE - 1) * (capHeight / 7);
}

/**
 * Draws `text` with its baseline at y, like SVG's <text>: `capHeight` is the height of a capital;
 * `bold` widens each stroke by a third of a cell.
 */
export function drawText(
  bitmap: Bitmap,
  text: string,
  at: { x: number; y: number; capHeight: number; anchor?: TextAnchor; bold?: boolean },
  colour: Rgb,
): void {
  const cell = at.capHeight / 7;
  const width = textWidth(text, at.capHeight);
  let x = at.anchor === 'middle' ? at.x - width / 2 : at.anchor === 'end' ? at.x - width : at.x;
  const top = at.y - at.capHeight;
  const grow = at.bold ? cell / 3 : 0;
  for (const ch of text.toUpperCase()) {
    for (const [cx, cy] of CELLS.get(ch) ?? [])
      bitmap.fillRect(x + cx * cell, top + cy * cell, cell + grow, cell, colour);
    x += ADVANCE * cell;
  }
}
