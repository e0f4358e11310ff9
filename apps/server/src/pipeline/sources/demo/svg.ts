/**
 * Pictures for the demo data, drawn as SVG text so nothing is downloaded or stored: avatars
 * (drawn shapes on a gradient, see avatar.ts) for /demo-media/avatar/<id>.svg and full-size post images (a candlestick
 * chart, a meme card or a news screenshot) for /demo-media/image/<key>.svg. Pure functions.
 */
import { DEFAULT_DEMO_SEED, type DemoAccount, demoAccounts } from './accounts';
import { avatarSvg } from './avatar';
import { demoImageScene, SCENE_HEIGHT, SCENE_WIDTH, type Shape } from './scene';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';

const byId = new Map<number, Map<string, DemoAccount>>();

/** The avatar of a demo account (drawn shapes: avatar.ts); unknown ids still get a stable picture. */
export function renderDemoAvatar(id: string, seed: number = DEFAULT_DEMO_SEED): string {
  let accounts = byId.get(seed);
  if (!accounts) {
    accounts = new Map(demoAccounts(seed).map((a) => [a.id, a]));
    byId.set(seed, accounts);
  }
  return avatarSvg(id, accounts.get(id));
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
