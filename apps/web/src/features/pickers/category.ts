/**
 * Category selection (spec section 4, "Filter editing"). A selection is a list of ids, each a
 * primary ('defi') or a sub-category ('defi/lending'). A primary stands for all of its subs, so
 * a selection never holds a primary together with any of its subs: picking every sub collapses
 * to the primary, and picking the primary replaces its subs.
 */
import type { TweetCategory } from '@kolscope/contract';

export type PrimaryState = 'all' | 'some' | 'none';

export interface CategoryOption {
  id: string;
  label: string;
}

/** 'defi/lending' → 'defi'; a primary id is its own primary. */
export function primaryOf(id: string): string {
  const slash = id.indexOf('/');
  return slash === -1 ? id : id.slice(0, slash);
}

function findPrimary(categories: readonly TweetCategory[], primaryId: string): TweetCategory | undefined {
  return categories.find((c) => c.id === primaryId);
}

/**
 * Brings any selection into the canonical form: duplicates dropped, subs under a selected primary
 * dropped, and a primary whose subs are all selected collapsed to the primary. Unknown ids (a
 * category the server no longer lists) are kept so editing a view never loses a rule silently.
 * Order follows first appearance; a collapsed primary takes the place of its first sub.
 */
export function normaliseSelection(selection: readonly string[], categories: readonly TweetCategory[]): string[] {
  const unique = [...new Set(selection)];
  const chosen = new Set(unique);
  const out: string[] = [];
  const placed = new Set<string>();
  for (const id of unique) {
    const primaryId = primaryOf(id);
    const primary = findPrimary(categories, primaryId);
    const complete = primary !== undefined && primary.subs.length > 0 && primary.subs.every((s) => chosen.has(s.id));
    const wholePrimary = chosen.has(primaryId) || complete;
    const keep = wholePrimary ? primaryId : id;
    if (placed.has(keep)) continue;
    placed.add(keep);
    out.push(keep);
  }
  return out;
}

/** Whether a sub shows as ticked: picked itself, or its whole primary is. */
export function isSubSelected(selection: readonly string[], subId: string): boolean {
  return selection.includes(subId) || selection.includes(primaryOf(subId));
}

export function primaryState(selection: readonly string[], category: TweetCategory): PrimaryState {
  if (selection.includes(category.id)) return 'all';
  return category.subs.some((s) => selection.includes(s.id)) ? 'some' : 'none';
}

/** Select-all of one primary: on when it was not fully selected (its subs give way), otherwise off. */
export function togglePrimary(
  selection: readonly string[],
  categories: readonly TweetCategory[],
  primaryId: string,
): string[] {
  const wasAll = selection.includes(primaryId);
  const rest = selection.filter((id) => primaryOf(id) !== primaryId);
  return wasAll ? rest : normaliseSelection([...rest, primaryId], categories);
}

/**
 * Ticks or unticks one sub. Unticking a sub of a fully selected primary keeps its siblings, so
 * the primary expands into them first.
 */
export function toggleSub(selection: readonly string[], categories: readonly TweetCategory[], subId: string): string[] {
  const primaryId = primaryOf(subId);
  if (selection.includes(primaryId)) {
    const siblings = findPrimary(categories, primaryId)?.subs.map((s) => s.id) ?? [];
    const at = selection.indexOf(primaryId);
    const expanded = siblings.filter((id) => id !== subId);
    return [...selection.slice(0, at), ...expanded, ...selection.slice(at + 1)];
  }
  if (selection.includes(subId)) return selection.filter((id) => id !== subId);
  return normaliseSelection([...selection, subId], categories);
}

/** The name shown for an id: the primary's or the sub's name, or the id itself when unknown. */
export function categoryLabel(id: string, categories: readonly TweetCategory[]): string {
  const primary = findPrimary(categories, primaryOf(id));
  if (!primary) return id;
  if (primary.id === id) return primary.name;
  return primary.subs.find((s) => s.id === id)?.name ?? id;
}

export function toOptions(selection: readonly string[], categories: readonly TweetCategory[]): CategoryOption[] {
  return selection.map((id) => ({ id, label: categoryLabel(id, categories) }));
}
