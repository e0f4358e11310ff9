import { type MatchingRule, type RuleType, VIEW_LIMITS } from '@kolscope/contract';
import { useState } from 'react';
import {
  type FilterGroup,
  findGroup,
  isPickedType,
  localKey,
  newGroup,
  type PickedType,
  setPickedRules,
} from './filters';

/**
 * The filter groups of a view form (content feed, analytics report) and what editing them needs:
 * which picker is open and which input should take focus (spec section 4, "Filter editing").
 */
export function useFilterGroups() {
  const [groups, setGroups] = useState<FilterGroup[]>([]);
  const [picker, setPicker] = useState<PickedType | null>(null);
  /** Bumped to move the focus into the fans card's minimum input. */
  const [fansFocus, setFansFocus] = useState(0);

  /** The add-filter sheet's choice: pickers open, a keyword starts empty, fans focuses its minimum. */
  const addFilter = (type: RuleType) => {
    if (isPickedType(type)) return setPicker(type);
    if (type === 'keywords') {
      setGroups((prev) => {
        const card = findGroup(prev, 'keywords') ?? newGroup('keywords');
        // At the limit the card's own "Add keyword" explains why nothing is added.
        if (card.type !== 'keywords' || card.keywords.length >= VIEW_LIMITS.keywords) return prev;
        const next = { ...card, keywords: [...card.keywords, { key: localKey('kw'), text: '', editing: true }] };
        return prev.includes(card) ? prev.map((g) => (g === card ? next : g)) : [...prev, next];
      });
      return;
    }
    setGroups((prev) => (findGroup(prev, 'fans') ? prev : [...prev, newGroup('fans')]));
    setFansFocus((n) => n + 1);
  };

  const updateGroup = (key: string, next: FilterGroup) =>
    setGroups((prev) => prev.map((g) => (g.key === key ? next : g)));

  const removeGroup = (key: string) => setGroups((prev) => prev.filter((g) => g.key !== key));

  const confirmPicked = (type: PickedType, rules: MatchingRule[]) =>
    setGroups((prev) => setPickedRules(prev, type, rules));

  return { groups, setGroups, addFilter, updateGroup, removeGroup, picker, setPicker, confirmPicked, fansFocus };
}

export type FilterGroupsState = ReturnType<typeof useFilterGroups>;
