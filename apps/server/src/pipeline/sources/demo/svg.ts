/**
 * Pictures for the demo data, drawn as SVG text so nothing is downloaded or stored: avatars
 * (initials on a coloured circle) for /demo-media/avatar/<id>.svg and full-size post images (a candlestick
 * chart, a meme card or a news screenshot) for /demo-media/image/<key>.svg. Pure functions.
 */
import { DEFAULT_DEMO_SEED, type DemoAccount, demoAccounts } from './accounts';
import { hashString } from './prng';
import { demoImageScene, PALETTE, SCENE_HEIGHT, SCENE_WIDTH, type Shape } from './scene';

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

function shapeToSvg(s: Shape): string {
  const opacity = (o?: number) => (o === undefined ? '' : ` fill-opacity="${o}"`);
  switch (s.kind) {
    case 'rect':
      return `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}"${s.rx ? ` rx="${s.rx}"` : ''} fill="${s.fill}"${opacity(s.opacity)}${s.stroke ? ` stroke="${s.stroke}"` : ''}/>`;
    case 'circle':
      return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.fill}"${opacity(s.opacity)}/>`;
    case 'line':
      return `<line x1="${s.x1}" x2="${s.x2}" y1="${s.y1}" y2="${s.y2}" stroke="${s.stroke}"/>`;
    case 'text':
      return `<text x="${s.x}" y="${s.y}"${s.anchor && s.anchor !== 'start' ? ` text-anchor="${s.anchor}"` : ''} ${FONT} font-size="${s.size}"${s.bold ? ' font-weight="700"' : ''} fill="${s.fill}">${esc(s.text)}</text>`;
  }
}

/** A post image at full size, as SVG (the feed's thumbnails are PNG: see thumbnail.ts). */
export function renderDemoImage(key: string): string {
  const body = demoImageScene(key).map(shapeToSvg).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">${body}</svg>`;
}
