/**
 * Pictures for the demo data, drawn as SVG text so nothing is downloaded or stored: avatars
 * (initials on a coloured circle) for /demo-media/avatar/<id>.svg and post images (a candlestick
 * chart, a meme card or a news screenshot) for /demo-media/image/<key>.svg. Pure functions.
 */
import { DEFAULT_DEMO_SEED, type DemoAccount, demoAccounts } from './accounts';
import { hashString, Rng } from './prng';

const PALETTE = [
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
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';

const byId = new Map<number, Map<string, DemoAccount>>();

/** Two Latin initials, or the first Han character, of a display name. */
function initials(name: string): string {
  const han = name.match(/\p{Script=Han}/u);
  const words = name.match(/[A-Za-z0-9]+/g) ?? [];
  if (han && (!words.length || name.indexOf(han[0]) < name.indexOf(words[0]!))) return han[0];
  const letters = words.map((w) => w[0]!.toUpperCase());
  return letters.slice(0, 2).join('') || '?';
}

/** The avatar of a demo account; unknown ids still get a stable picture. */
export function renderDemoAvatar(id: string, seed: number = DEFAULT_DEMO_SEED): string {
  let accounts = byId.get(seed);
  if (!accounts) {
    accounts = new Map(demoAccounts(seed).map((a) => [a.id, a]));
    byId.set(seed, accounts);
  }
  const account = accounts.get(id);
  const h = hashString(id);
  const text = account ? initials(account.name) : id.slice(-2);
  const size = text.length > 1 ? 38 : 44;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<circle cx="48" cy="48" r="48" fill="${PALETTE[h % PALETTE.length]}"/>` +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" ${FONT} font-size="${size}" font-weight="600" fill="#ffffff">${esc(text)}</text>` +
    '</svg>'
  );
}

const KEY_RE = /^(chart|meme|shot)-([udf])-([A-Z0-9]{1,12})-(\d+)-(\d+)$/;
const W = 800;
const H = 450;

function candles(rng: Rng, trend: string): string {
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
  const y = (p: number) => (70 + ((hi - p) / (hi - lo)) * 330).toFixed(1);
  const step = (W - 80) / n;
  let out = '';
  for (let g = 0; g < 5; g++)
    out += `<line x1="40" x2="${W - 40}" y1="${70 + g * 82.5}" y2="${70 + g * 82.5}" stroke="#1e293b"/>`;
  let open = closes[0]! / Math.exp(drift);
  closes.forEach((close, i) => {
    const x = 40 + i * step;
    const up = close >= open;
    const colour = up ? '#22c55e' : '#ef4444';
    const top = Math.max(open, close) * (1 + 0.01 * rng.next());
    const bottom = Math.min(open, close) * (1 - 0.01 * rng.next());
    const [a, b] = [Number(y(Math.max(open, close))), Number(y(Math.min(open, close)))];
    out += `<line x1="${(x + step / 2).toFixed(1)}" x2="${(x + step / 2).toFixed(1)}" y1="${y(top)}" y2="${y(bottom)}" stroke="${colour}"/>`;
    out += `<rect x="${(x + 2).toFixed(1)}" y="${a}" width="${(step - 4).toFixed(1)}" height="${Math.max(1, b - a).toFixed(1)}" fill="${colour}"/>`;
    open = close;
  });
  const change = ((closes[n - 1]! / closes[0]! - 1) * 100).toFixed(1);
  const sign = change.startsWith('-') ? '' : '+';
  return `${out}<text x="${W - 40}" y="${H - 20}" text-anchor="end" ${FONT} font-size="26" fill="${sign ? '#22c55e' : '#ef4444'}">${sign}${change}%</text>`;
}

/**
 * A post image. Keys look like `chart-u-SOL-<postId>-0` (kind, u/d/f trend, coin, post, index);
 * any other key still renders a chart. `size: 'thumb'` only changes the intrinsic size.
 */
export function renderDemoImage(key: string, size: 'thumb' | 'origin' = 'origin'): string {
  const m = KEY_RE.exec(key);
  const [kind, trend, coin] = m ? [m[1]!, m[2]!, m[3]!] : ['chart', 'f', 'BTC'];
  const rng = new Rng(hashString(key));
  const [w, h] = size === 'thumb' ? [320, 180] : [W, H];
  let body: string;
  if (kind === 'meme') {
    const words =
      trend === 'u'
        ? ['TO THE MOON', 'WAGMI', 'SEND IT']
        : trend === 'd'
          ? ['NGMI', 'REKT', 'IT IS OVER']
          : ['GM', 'WEN?', 'STAY CALM'];
    const bg = PALETTE[rng.int(PALETTE.length)];
    body =
      `<rect width="${W}" height="${H}" fill="${bg}"/>` +
      `<circle cx="${W / 2}" cy="190" r="110" fill="#ffffff" fill-opacity="0.18"/>` +
      `<text x="${W / 2}" y="215" text-anchor="middle" ${FONT} font-size="96" font-weight="800" fill="#ffffff">$${esc(coin)}</text>` +
      `<text x="${W / 2}" y="380" text-anchor="middle" ${FONT} font-size="54" font-weight="800" fill="#ffffff">${rng.pick(words)}</text>`;
  } else if (kind === 'shot') {
    let bars = '';
    for (let i = 0; i < 12; i++) {
      const bh = 30 + rng.int(150);
      bars += `<rect x="${60 + i * 56}" y="${400 - bh}" width="40" height="${bh}" rx="4" fill="#3b82f6" fill-opacity="${(0.45 + i / 24).toFixed(2)}"/>`;
    }
    body =
      `<rect width="${W}" height="${H}" fill="#f8fafc"/><rect x="30" y="24" width="${W - 60}" height="${H - 48}" rx="16" fill="#ffffff" stroke="#e2e8f0"/>` +
      `<text x="60" y="80" ${FONT} font-size="32" font-weight="700" fill="#0f172a">$${esc(coin)} market update</text>` +
      `<rect x="60" y="100" width="${300 + rng.int(300)}" height="14" rx="7" fill="#cbd5e1"/><rect x="60" y="126" width="${200 + rng.int(300)}" height="14" rx="7" fill="#e2e8f0"/>` +
      `<line x1="60" x2="${W - 60}" y1="400" y2="400" stroke="#94a3b8"/>${bars}`;
  } else {
    const tf = rng.pick(['1H', '4H', '1D']);
    body =
      `<rect width="${W}" height="${H}" fill="#0f172a"/>` +
      `<text x="40" y="46" ${FONT} font-size="28" font-weight="700" fill="#e2e8f0">${esc(coin)}/USDT · ${tf}</text>${candles(rng, trend)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
