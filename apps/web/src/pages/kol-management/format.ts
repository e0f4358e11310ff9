/**
 * Pure display rules of the KOL group screens: follower counts per language (spec section 9),
 * which default group is which, and the one-line summary of a group's follower rule.
 */
import type { KolGroup } from '@kolscope/contract';
import { formatFollowersFor } from '../../features/pickers/format';

export { formatFollowersFor };

/** Member counts in full with the language's digit grouping: 2,000 rather than 2k. */
export function formatCount(count: number, lang: string): string {
  return new Intl.NumberFormat(lang).format(Math.max(0, Math.floor(count)));
}

/** The server names each default group's role; the names themselves may be translated. */
export type DefaultRole = NonNullable<KolGroup['defaultRole']>;

export function defaultRoles(list: readonly Pick<KolGroup, 'id' | 'defaultRole'>[]): Map<string, DefaultRole> {
  return new Map(list.flatMap((g) => (g.defaultRole ? [[g.id, g.defaultRole] as const] : [])));
}

export type RuleSummary = { kind: 'whitelistOnly' } | { kind: 'any' } | { kind: 'range'; text: string };

/** '≥ 100k', '≤ 1m', '10k–1m'; no bound is 'any'; Special Focus ignores the range altogether. */
export function ruleSummary(fans: readonly [number, number], role: DefaultRole | undefined, lang: string): RuleSummary {
  if (role === 'whitelistOnly') return { kind: 'whitelistOnly' };
  const [min, max] = fans;
  const f = (n: number) => formatFollowersFor(n, lang);
  if (min > 0 && max > 0) return { kind: 'range', text: `${f(min)}–${f(max)}` };
  if (min > 0) return { kind: 'range', text: `≥ ${f(min)}` };
  if (max > 0) return { kind: 'range', text: `≤ ${f(max)}` };
  return { kind: 'any' };
}
