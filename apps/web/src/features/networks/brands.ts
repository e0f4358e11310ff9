import type { CSSProperties } from 'react';

/**
 * Brand colours of the networks and notification sources that have one, in one place: the
 * network icons, the data-source rows and the notification badges paint with them. X has none
 * here: each of those draws it in its own dark ink.
 */
const BRANDS: ReadonlyMap<string, string> = new Map([
  ['telegram', '#229ed9'],
  ['bluesky', '#1185fe'],
  ['farcaster', '#855dcd'],
  ['wechat', '#07c160'],
  ['whatsapp', '#25d366'],
  ['discord', '#5865f2'],
]);

export function hasBrand(name: string): boolean {
  return BRANDS.has(name);
}

/** `--brand` for the element that marks `name` (its icon, row icon, badge or avatar), if it has one. */
export function brandStyle(name: string): CSSProperties | undefined {
  const color = BRANDS.get(name);
  return color ? ({ '--brand': color } as CSSProperties) : undefined;
}
