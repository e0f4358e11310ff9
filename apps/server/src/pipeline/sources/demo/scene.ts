/**
 * What a demo post image shows, as a list of simple shapes on an 800x450 canvas: a candlestick
 * chart, a meme card or a news screenshot. One description, two renderers: SVG for the full-size
 * picture (svg.ts) and a PNG thumbnail (thumbnail.ts), so both always show the same thing.
 * Deterministic: the key seeds every random choice.
 */
import { hashString, Rng } from './prng';

export const SCENE_WIDTH = 800;
export const SCENE_HEIGHT = 450;

export const PALETTE = [
  '#e11d48',
  '#db2777',
  '#9333ea',
  '#4f46e5',
  '#2563eb',
  '#0284c7',
  '#0d9488',
  '#059669',
  '#65a30d',
  '#ca8a04',
  '#ea580c',
  '#475569',
];

export type Shape =
  | {
      kind: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      fill: string;
      opacity?: number;
      rx?: number;
      stroke?: string;
    }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string; opacity?: number }
  /** Axis-aligned, one unit wide. */
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string }
  /** `y` is the baseline; `size` the font size. */
  | {
      kind: 'text';
      x: number;
      y: number;
      size: number;
      bold?: boolean;
      anchor?: 'start' | 'middle' | 'end';
      fill: string;
      text: string;
    };

const KEY_RE = /^(chart|meme|shot)-([udf])-([A-Z0-9]{1,12})-(\d+)-(\d+)$/;
const round1 = (n: number) => Math.round(n * 10) / 10;

function candles(rng: Rng, trend: string): Shape[] {
  const W = SCENE_WIDTH;
  const n = 48;
  const drift = trend === 'u' ? 0.006 : trend === 'd' ? -0.006 : 0;
  const closes: number[] = [];
  let v = 1;
  for (let i = 0; i < n; i++) {
    v *= Math.exp(drift + 0.02 * rng.gauss());
    closes.push(v);
  }
  const lo = Math.min(...closes) * 0.97;
  const hi = Math.max(...closes) * 1.03;
  const y = (p: number) => round1(70 + ((hi - p) / (hi - lo)) * 330);
  const step = (W - 80) / n;
  const out: Shape[] = [];
  for (let g = 0; g < 5; g++)
    out.push({ kind: 'line', x1: 40, x2: W - 40, y1: 70 + g * 82.5, y2: 70 + g * 82.5, stroke: '#1e293b' });
  let open = closes[0]! / Math.exp(drift);
  closes.forEach((close, i) => {
    const x = 40 + i * step;
    const colour = close >= open ? '#22c55e' : '#ef4444';
    const top = Math.max(open, close) * (1 + 0.01 * rng.next());
    const bottom = Math.min(open, close) * (1 - 0.01 * rng.next());
    const [a, b] = [y(Math.max(open, close)), y(Math.min(open, close))];
    const mid = round1(x + step / 2);
    out.push({ kind: 'line', x1: mid, x2: mid, y1: y(top), y2: y(bottom), stroke: colour });
    out.push({
      kind: 'rect',
      x: round1(x + 2),
      y: a,
      w: round1(step - 4),
      h: round1(Math.max(1, b - a)),
      fill: colour,
    });
    open = close;
  });
  const change = ((closes[n - 1]! / closes[0]! - 1) * 100).toFixed(1);
  const up = !change.startsWith('-');
  out.push({
    kind: 'text',
    x: W - 40,
    y: SCENE_HEIGHT - 20,
    size: 26,
    anchor: 'end',
    fill: up ? '#22c55e' : '#ef4444',
    text: `${up ? '+' : ''}${change}%`,
  });
  return out;
}

/**
 * The scene of a post image. Keys look like `chart-u-SOL-<postId>-0` (kind, u/d/f trend, coin,
 * post, index); any other key still draws a chart.
 */
export function demoImageScene(key: string): Shape[] {
  const [W, H] = [SCENE_WIDTH, SCENE_HEIGHT];
  const m = KEY_RE.exec(key);
  const [kind, trend, coin] = m ? [m[1]!, m[2]!, m[3]!] : ['chart', 'f', 'BTC'];
  const rng = new Rng(hashString(key));
  if (kind === 'meme') {
    const words =
      trend === 'u'
        ? ['TO THE MOON', 'WAGMI', 'SEND IT']
        : trend === 'd'
          ? ['NGMI', 'REKT', 'IT IS OVER']
          : ['GM', 'WEN?', 'STAY CALM'];
    return [
      { kind: 'rect', x: 0, y: 0, w: W, h: H, fill: PALETTE[rng.int(PALETTE.length)]! },
      { kind: 'circle', cx: W / 2, cy: 190, r: 110, fill: '#ffffff', opacity: 0.18 },
      { kind: 'text', x: W / 2, y: 215, size: 96, bold: true, anchor: 'middle', fill: '#ffffff', text: `$${coin}` },
      {
        kind: 'text',
        x: W / 2,
        y: 380,
        size: 54,
        bold: true,
        anchor: 'middle',
        fill: '#ffffff',
        text: rng.pick(words),
      },
    ];
  }
  if (kind === 'shot') {
    const bars: Shape[] = [];
    for (let i = 0; i < 12; i++) {
      const bh = 30 + rng.int(150);
      bars.push({
        kind: 'rect',
        x: 60 + i * 56,
        y: 400 - bh,
        w: 40,
        h: bh,
        rx: 4,
        fill: '#3b82f6',
        opacity: Math.round((0.45 + i / 24) * 100) / 100,
      });
    }
    return [
      { kind: 'rect', x: 0, y: 0, w: W, h: H, fill: '#f8fafc' },
      { kind: 'rect', x: 30, y: 24, w: W - 60, h: H - 48, rx: 16, fill: '#ffffff', stroke: '#e2e8f0' },
      { kind: 'text', x: 60, y: 80, size: 32, bold: true, fill: '#0f172a', text: `$${coin} market update` },
      { kind: 'rect', x: 60, y: 100, w: 300 + rng.int(300), h: 14, rx: 7, fill: '#cbd5e1' },
      { kind: 'rect', x: 60, y: 126, w: 200 + rng.int(300), h: 14, rx: 7, fill: '#e2e8f0' },
      { kind: 'line', x1: 60, x2: W - 60, y1: 400, y2: 400, stroke: '#94a3b8' },
      ...bars,
    ];
  }
  const tf = rng.pick(['1H', '4H', '1D']);
  return [
    { kind: 'rect', x: 0, y: 0, w: W, h: H, fill: '#0f172a' },
    { kind: 'text', x: 40, y: 46, size: 28, bold: true, fill: '#e2e8f0', text: `${coin}/USDT · ${tf}` },
    ...candles(rng, trend),
  ];
}
