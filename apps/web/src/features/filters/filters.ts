/**
 * The feed form's filter groups and their conversion to and from matching rules (spec sections
 * 3, 4 and 5). A group is one card; the server ANDs groups and ORs the rules inside one. Keyword
 * and fans groups hold what their inputs need (editable items, numbers) and become rules only
 * on save, so a half-typed keyword or a 0 bound never reaches the server.
 */
import {
  type MatchingRule,
  type MatchingRuleGroup,
  normaliseFans,
  normaliseFansRange,
  RULE_TYPES,
  type RuleType,
  trimTitle,
  type ViewListItem,
  type ViewType,
} from '@kolscope/contract';

export { RULE_TYPES };

export interface KeywordItem {
  key: string;
  text: string;
  /** A new keyword starts in an editing state (spec section 2, Event opinion setting). */
  editing: boolean;
}

export type PickedType = 'crypto_types' | 'coins' | 'authors';

export type FilterGroup =
  | { key: string; type: PickedType; rules: MatchingRule[] }
  | { key: string; type: 'keywords'; keywords: KeywordItem[] }
  | { key: string; type: 'fans'; min: number; max: number };

let counter = 0;
/** Local keys for React lists; never sent. */
export function localKey(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

export function isPickedType(type: RuleType): type is PickedType {
  return type === 'crypto_types' || type === 'coins' || type === 'authors';
}

export function newGroup(type: RuleType): FilterGroup {
  const key = localKey(type);
  if (type === 'keywords') return { key, type, keywords: [] };
  if (type === 'fans') return { key, type, min: 0, max: 0 };
  return { key, type, rules: [] };
}

/** A fans rule's bounds: `data` when present, otherwise its "min,max" value. */
function fansOf(rule: MatchingRule | undefined): [number, number] {
  if (!rule) return [0, 0];
  if (rule.data?.minFans !== undefined || rule.data?.maxFans !== undefined) {
    return [normaliseFans(rule.data?.minFans), normaliseFans(rule.data?.maxFans)];
  }
  const [min, max] = (rule.value ?? '').split(',');
  return [normaliseFans(min), normaliseFans(max)];
}

/** Matching rules of a loaded view → editable groups (unknown types are skipped). */
export function groupsFromRules(groups: readonly MatchingRuleGroup[]): FilterGroup[] {
  const out: FilterGroup[] = [];
  for (const g of groups) {
    const key = localKey(g.type);
    if (g.type === 'keywords') {
      const keywords = g.rules
        .map((r) => (r.value ?? r.label ?? '').trim())
        .filter((k) => k !== '')
        .map((text) => ({ key: localKey('kw'), text, editing: false }));
      out.push({ key, type: 'keywords', keywords });
    } else if (g.type === 'fans') {
      const [min, max] = fansOf(g.rules[0]);
      out.push({ key, type: 'fans', min, max });
    } else if (isPickedType(g.type)) {
      out.push({ key, type: g.type, rules: g.rules.filter((r) => (r.value ?? '').trim() !== '') });
    }
  }
  return out;
}

/** The one fans rule the server reads: label 'min-max', value 'min,max', 0 meaning unlimited. */
export function fansRule(min: number, max: number): MatchingRule {
  const [lo, hi] = normaliseFansRange([min, max]);
  return { label: `${lo}-${hi}`, value: `${lo},${hi}`, data: { minFans: lo, maxFans: hi } };
}

/**
 * Editable groups → the matching rules to save: blank keywords dropped, duplicate keywords
 * merged, fans bounds normalised, and groups left without a rule dropped.
 */
export function rulesFromGroups(groups: readonly FilterGroup[]): MatchingRuleGroup[] {
  const out: MatchingRuleGroup[] = [];
  for (const g of groups) {
    if (g.type === 'keywords') {
      const seen = new Set<string>();
      const rules: MatchingRule[] = [];
      for (const k of g.keywords) {
        const text = k.text.trim();
        if (!text || seen.has(text.toLowerCase())) continue;
        seen.add(text.toLowerCase());
        rules.push({ value: text });
      }
      if (rules.length > 0) out.push({ type: 'keywords', rules });
    } else if (g.type === 'fans') {
      // Both bounds unlimited filters nothing, so it is no condition at all.
      if (g.min > 0 || g.max > 0) out.push({ type: 'fans', rules: [fansRule(g.min, g.max)] });
    } else if (g.rules.length > 0) {
      out.push({ type: g.type, rules: g.rules });
    }
  }
  return out;
}

export type FeedError = 'titleRequired' | 'filtersRequired';

export type FeedPayload = { name: string; matchingRules: MatchingRuleGroup[] };

/** Spec section 5: a trimmed title, and at least one group with at least one rule. */
export function validateFeed(title: string, groups: readonly FilterGroup[]): { error: FeedError } | FeedPayload {
  const name = trimTitle(title);
  if (!name) return { error: 'titleRequired' };
  const matchingRules = rulesFromGroups(groups);
  if (matchingRules.length === 0) return { error: 'filtersRequired' };
  return { name, matchingRules };
}

/** Adding a filter of a type that has a card already works on that card instead of a second one. */
export function findGroup(groups: readonly FilterGroup[], type: RuleType): FilterGroup | undefined {
  return [...groups].reverse().find((g) => g.type === type);
}

/** The groups with `type`'s card holding `rules` (created when absent, dropped when emptied and new). */
export function setPickedRules(groups: readonly FilterGroup[], type: PickedType, rules: MatchingRule[]): FilterGroup[] {
  const existing = findGroup(groups, type);
  if (existing) return groups.map((g) => (g === existing ? { key: g.key, type, rules } : g));
  if (rules.length === 0) return [...groups];
  return [...groups, { key: localKey(type), type, rules }];
}

/** Result of committing a keyword's text on blur. */
export type KeywordCommit = 'kept' | 'removedEmpty' | 'removedDuplicate';

/**
 * Ends the editing of one keyword: empty → removed; the same text as another keyword of the
 * card (any case) → removed as a duplicate; otherwise kept, trimmed.
 */
export function commitKeyword(
  items: readonly KeywordItem[],
  key: string,
): { items: KeywordItem[]; result: KeywordCommit } {
  const item = items.find((k) => k.key === key);
  if (!item) return { items: [...items], result: 'kept' };
  const text = item.text.trim();
  const others = items.filter((k) => k.key !== key);
  if (!text) return { items: others, result: 'removedEmpty' };
  if (others.some((k) => k.text.trim().toLowerCase() === text.toLowerCase())) {
    return { items: others, result: 'removedDuplicate' };
  }
  return { items: items.map((k) => (k.key === key ? { ...k, text, editing: false } : k)), result: 'kept' };
}

/** Rule for an author picked in the user picker. */
export function authorRule(user: { id: string; username: string; name?: string | undefined }): MatchingRule {
  return { label: user.name?.trim() || `@${user.username}`, value: user.id, data: { username: user.username } };
}

export function coinRule(coin: string): MatchingRule {
  return { label: coin, value: coin };
}

export function categoryRule(category: { id: string; label: string }): MatchingRule {
  return { label: category.label, value: category.id };
}

/**
 * The id of the view a create made: the last view of its type in the list view/add answers with
 * (a new view joins the end of the tabs).
 */
export function createdViewId(list: readonly ViewListItem[], viewType: ViewType = 'content_feed'): string | null {
  const ofType = list.filter((item) => item.viewType === viewType);
  return ofType[ofType.length - 1]?.viewId ?? null;
}
