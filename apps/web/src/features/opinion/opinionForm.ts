/**
 * Pure rules of the coin and event opinion forms (spec sections 4 and 5): what is saved, what
 * is refused and with which message key, and where a create leads.
 */
import {
  dedupeKeywords,
  type KeywordRuleGroup,
  type KolGroup,
  LANGUAGES,
  stripCoinDollar,
  translate,
  trimTitle,
  type ViewListItem,
} from '@kolscope/contract';
import type { KeywordItem } from '../filters/filters';
import { localKey } from '../filters/filters';

export type OpinionType = 'coin_opinion' | 'event_opinion';

/** Only the first picked coin is taken; symbols are stored without '$'. */
export function firstCoin(picked: readonly { coin: string }[]): string {
  return stripCoinDollar(picked[0]?.coin ?? '');
}

export function validateCoin(coin: string): { error: 'coinRequired' } | { coin: string } {
  const c = stripCoinDollar(coin);
  return c ? { coin: c } : { error: 'coinRequired' };
}

export type EventError = 'titleRequired' | 'keywordsRequired';

export interface EventPayload {
  name: string;
  matchingRules: KeywordRuleGroup[];
}

/** Title trimmed and required; keywords trimmed, blanks dropped, duplicates removed, one at least. */
export function validateEvent(title: string, keywords: readonly KeywordItem[]): { error: EventError } | EventPayload {
  const name = trimTitle(title);
  if (!name) return { error: 'titleRequired' };
  const list = dedupeKeywords(keywords.map((k) => k.text));
  if (list.length === 0) return { error: 'keywordsRequired' };
  return { name, matchingRules: [{ type: 'keywords', keywords: list }] };
}

/** Keywords of a loaded event view, as committed (not editing) items. */
export function keywordItems(rules: readonly KeywordRuleGroup[]): KeywordItem[] {
  return dedupeKeywords(rules.flatMap((r) => r.keywords)).map((text) => ({
    key: localKey('kw'),
    text,
    editing: false,
  }));
}

/** The view a create made: the last sub-view of the group of its type in the answer (spec section 7). */
export function lastSubViewId(list: readonly ViewListItem[], type: OpinionType): string | null {
  const group = list.find((item) => item.viewType === type);
  return group?.subs[group.subs.length - 1]?.viewId ?? null;
}

/**
 * The group a view names, from the loaded list: '' is all groups; an id no longer in a loaded
 * list (a deleted group) also falls back to all groups; null while the list is not there.
 */
export function resolveGroupId(list: readonly KolGroup[], loaded: boolean, kolGroupId: string): string | null {
  if (!kolGroupId) return '';
  if (list.some((g) => g.id === kolGroupId)) return kolGroupId;
  return loaded ? '' : null;
}

/** The server serves every coin's icon by symbol (a generic one for coins without their own). */
export function coinIconUrl(coin: string): string {
  return `/coin-icons/${encodeURIComponent(coin.trim().toLowerCase())}.svg`;
}

/**
 * The server's refusal of an event view's coins to draw (unknown coin, too many), which the form
 * shows under that field; null for any other failure. The envelope names no field, so the
 * message is matched against the texts those two keys give for the coins sent, in either
 * language (the server answers in the reader's).
 */
export function coinsFieldError(message: string, coins: readonly string[]): string | null {
  const texts = LANGUAGES.flatMap((lang) => [
    translate(lang, 'event_coins_too_many'),
    ...coins.map((coin) => translate(lang, 'coin_unknown', { coin: stripCoinDollar(coin.trim()).toUpperCase() })),
  ]);
  return texts.includes(message) ? message : null;
}
