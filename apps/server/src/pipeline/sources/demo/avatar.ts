/**
 * Demo avatars that look like avatars: drawn shapes on a gradient (a geometric face, soft blobs,
 * a mirrored pixel creature, orbit rings, or a coin-like mark for organisations), never initials.
 * Deterministic per account id, 96x96 SVG.
 */
import type { DemoAccount } from './accounts';
import { hashString, Rng } from './prng';

/** Background pairs (top-left to bottom-right) and the bright colours drawn over them. */
const GRADIENTS = [
  ['#f97316', '#db2777'],
  ['#6366f1', '#06b6d4'],
  ['#22c55e', '#0ea5e9'],
  ['#a855f7', '#ec4899'],
  ['#facc15', '#f97316'],
  ['#14b8a6', '#4f46e5'],
  ['#0f172a', '#334155'],
  ['#f43f5e', '#7c3aed'],
  ['#84cc16', '#14b8a6'],
  ['#e2e8f0', '#94a3b8'],
];
const INKS = ['#ffffff', '#0f172a', '#fde68a', '#bbf7d0', '#fecdd3', '#c7d2fe'];

export type AvatarStyle = 'face' | 'blobs' | 'pixel' | 'rings' | 'coin';

function styleOf(account: DemoAccount | undefined, rng: Rng): AvatarStyle {
  if (account && (account.verifiedType === 'business' || account.verifiedType === 'government')) return 'coin';
  if (account?.persona === 'news') return rng.chance(0.5) ? 'coin' : 'rings';
  if (account?.persona === 'degen') return rng.chance(0.5) ? 'pixel' : 'face';
  return rng.pick(['face', 'face', 'blobs', 'pixel', 'rings'] as const);
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function face(rng: Rng, ink: string, skin: string): string {
  const w = 44 + rng.int(14);
  const h = 46 + rng.int(14);
  const round = rng.pick([w / 2, 14, 22]);
  const x = 48 - w / 2;
  const y = 56 - h / 2;
  const eyeY = y + h * 0.42;
  const gap = 8 + rng.int(5);
  const eye =
    rng.int(3) === 0
      ? `<rect x="${48 - gap - 4}" y="${r1(eyeY - 2)}" width="8" height="4" rx="2" fill="${ink}"/><rect x="${48 + gap - 4}" y="${r1(eyeY - 2)}" width="8" height="4" rx="2" fill="${ink}"/>`
      : `<circle cx="${48 - gap}" cy="${r1(eyeY)}" r="${3 + rng.int(3)}" fill="${ink}"/><circle cx="${48 + gap}" cy="${r1(eyeY)}" r="${3 + rng.int(3)}" fill="${ink}"/>`;
  const mouthY = r1(y + h * 0.72);
  const smile = rng.int(3) - 1; // -1 a frown, 0 flat, 1 a smile
  const mouth = `<path d="M${48 - 9} ${mouthY} Q48 ${r1(mouthY + smile * 7)} ${48 + 9} ${mouthY}" stroke="${ink}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  const hat = rng.chance(0.4)
    ? `<rect x="${r1(x - 4)}" y="${r1(y - 6)}" width="${w + 8}" height="10" rx="5" fill="${ink}" fill-opacity="0.85"/>`
    : rng.chance(0.5)
      ? `<path d="M${r1(x)} ${r1(y + 14)} Q48 ${r1(y - 16)} ${r1(x + w)} ${r1(y + 14)} Z" fill="${ink}" fill-opacity="0.7"/>`
      : '';
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${w}" height="${h}" rx="${r1(round)}" fill="${skin}"/>${hat}${eye}${mouth}`;
}

function blobs(rng: Rng, inks: string[]): string {
  let out = '';
  for (let i = 0; i < 4; i++) {
    out += `<circle cx="${10 + rng.int(76)}" cy="${10 + rng.int(76)}" r="${18 + rng.int(26)}" fill="${inks[i % inks.length]}" fill-opacity="${(0.35 + rng.next() * 0.4).toFixed(2)}"/>`;
  }
  return out;
}

/** An 8x8 creature, mirrored left to right, with two eyes: an identicon with a face. */
function pixel(rng: Rng, ink: string): string {
  let out = '';
  const cell = 8;
  const x0 = 16;
  const y0 = 18;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 4; col++) {
      if (!rng.chance(row === 0 || row === 7 ? 0.35 : 0.6) && !(row >= 2 && row <= 5 && col === 3)) continue;
      for (const c of [col, 7 - col])
        out += `<rect x="${x0 + c * cell}" y="${y0 + row * cell}" width="${cell}" height="${cell}" fill="${ink}"/>`;
    }
  }
  const eyeRow = y0 + 3 * cell;
  return `${out}<rect x="${x0 + 2 * cell}" y="${eyeRow}" width="${cell}" height="${cell}" fill="#0f172a"/><rect x="${x0 + 5 * cell}" y="${eyeRow}" width="${cell}" height="${cell}" fill="#0f172a"/>`;
}

function rings(rng: Rng, ink: string): string {
  let out = '';
  const cx = 40 + rng.int(16);
  const cy = 40 + rng.int(16);
  for (let i = 0; i < 3; i++) {
    out += `<circle cx="${cx}" cy="${cy}" r="${14 + i * 11}" stroke="${ink}" stroke-width="${4 - i}" fill="none" stroke-opacity="${(0.9 - i * 0.25).toFixed(2)}"/>`;
  }
  const a = rng.next() * 2 * Math.PI;
  return `${out}<circle cx="${r1(cx + 36 * Math.cos(a))}" cy="${r1(cy + 36 * Math.sin(a))}" r="6" fill="${ink}"/><circle cx="${cx}" cy="${cy}" r="7" fill="${ink}"/>`;
}

/** A coin-like mark: a ring and a geometric glyph (triangle, diamond, hexagon or bars). */
function coin(rng: Rng, ink: string): string {
  const ring = `<circle cx="48" cy="48" r="30" fill="none" stroke="${ink}" stroke-width="5"/>`;
  switch (rng.int(4)) {
    case 0:
      return `${ring}<path d="M48 30 L64 60 L32 60 Z" fill="${ink}"/>`;
    case 1:
      return `${ring}<path d="M48 28 L66 48 L48 68 L30 48 Z" fill="${ink}"/>`;
    case 2:
      return `${ring}<path d="M48 31 L63 39.5 L63 56.5 L48 65 L33 56.5 L33 39.5 Z" fill="${ink}"/>`;
    default:
      return `${ring}<rect x="35" y="36" width="26" height="6" rx="3" fill="${ink}"/><rect x="35" y="45" width="26" height="6" rx="3" fill="${ink}"/><rect x="35" y="54" width="26" height="6" rx="3" fill="${ink}"/>`;
  }
}

/** The avatar SVG of an account (or of an unknown id: still a stable picture). */
export function avatarSvg(id: string, account: DemoAccount | undefined): string {
  const rng = new Rng(hashString(id));
  const [from, to] = rng.pick(GRADIENTS);
  const light = from === '#e2e8f0' || from === '#facc15';
  const ink = light ? '#0f172a' : rng.pick(INKS.filter((c) => c !== '#0f172a'));
  const style = styleOf(account, rng);
  let body: string;
  if (style === 'face')
    body = face(rng, light ? '#ffffff' : '#0f172a', light ? '#0f172a' : rng.pick(INKS.slice(2).concat('#ffffff')));
  else if (style === 'blobs') body = blobs(rng, [ink, rng.pick(INKS), rng.pick(GRADIENTS)[1]!]);
  else if (style === 'pixel') body = pixel(rng, light ? '#0f172a' : ink === '#ffffff' ? '#fde68a' : ink);
  else if (style === 'rings') body = rings(rng, ink);
  else body = coin(rng, ink);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="96" height="96" fill="url(#g)"/>${body}</svg>`
  );
}
