/**
 * Normalises a view's filter groups as the spec's validation rules say (section 5) and compiles
 * them for the feed query. Blank keywords are dropped, coins lose a leading `$`, fan bounds are
 * swapped when reversed, unknown categories are refused, and a group left without rules is
 * dropped.
 */
import {
  dedupeKeywords,
  type MatchingRuleGroup,
  normaliseFansRange,
  type RuleType,
  stripAt,
  stripCoinDollar,
} from '@kolscope/contract';
import type { CompiledGroup } from '../db/repos/post-filter-sql';
import { isCategoryId } from '../domain/taxonomy';
import { badRequest } from './errors';

type Rule = MatchingRuleGroup['rules'][number];

function fansOf(rule: Rule): [number, number] {
  if (rule.data?.minFans !== undefined || rule.data?.maxFans !== undefined) {
    return normaliseFansRange([rule.data?.minFans, rule.data?.maxFans]);
  }
  return normaliseFansRange((rule.value ?? '').split(/[,\s-]+/));
}

function normaliseGroup(g: MatchingRuleGroup): MatchingRuleGroup {
  switch (g.type) {
    case 'keywords': {
      const words = dedupeKeywords(g.rules.map((r) => r.value ?? r.label ?? ''));
      return { type: g.type, rules: words.map((w) => ({ label: w, value: w })) };
    }
    case 'coins': {
      const coins = [
        ...new Set(g.rules.map((r) => stripCoinDollar(r.value ?? r.label ?? '').toUpperCase()).filter(Boolean)),
      ];
      return { type: g.type, rules: coins.map((c) => ({ label: c, value: c })) };
    }
    case 'crypto_types': {
      // The first rule of each id is kept (with its label); blanks and repeats go.
      const byId = new Map<string, Rule>();
      for (const r of g.rules) {
        const id = (r.value ?? '').trim();
        if (id && !byId.has(id)) byId.set(id, { ...r, value: id });
      }
      for (const id of byId.keys()) if (!isCategoryId(id)) throw badRequest('category_unknown', { id });
      return { type: g.type, rules: [...byId.values()] };
    }
    case 'authors': {
      const rules = g.rules
        .map((r) => ({ ...r, value: (r.value ?? '').trim(), data: { username: stripAt(r.data?.username ?? '') } }))
        .filter((r) => r.value || r.data.username);
      return { type: g.type, rules };
    }
    case 'fans': {
      const rules = g.rules.map((r) => {
        const [min, max] = fansOf(r);
        return { label: `${min}-${max}`, value: `${min},${max}`, data: { minFans: min, maxFans: max } };
      });
      return { type: g.type, rules: rules.filter((r) => r.data.minFans > 0 || r.data.maxFans > 0) };
    }
  }
}

/** Normalised groups; throws 'filters_required' when `required` and nothing usable is left. */
export function normaliseRules(groups: MatchingRuleGroup[], required: boolean): MatchingRuleGroup[] {
  const kept = groups.map(normaliseGroup).filter((g) => g.rules.length > 0);
  if (required && kept.length === 0) throw badRequest('filters_required');
  return kept;
}

const values = (g: MatchingRuleGroup) => g.rules.map((r) => r.value ?? '');

/** How each rule type narrows the feed query. */
const COMPILE: Record<RuleType, (g: MatchingRuleGroup) => CompiledGroup> = {
  keywords: (g) => ({ keywords: values(g) }),
  coins: (g) => ({ coins: values(g) }),
  crypto_types: (g) => ({ categories: values(g) }),
  authors: (g) => ({
    authorIds: values(g).filter(Boolean),
    handles: g.rules.map((r) => (r.data?.username ?? '').toLowerCase()).filter(Boolean),
  }),
  fans: (g) => ({ fans: g.rules.map((r) => ({ min: r.data?.minFans ?? 0, max: r.data?.maxFans ?? 0 })) }),
};

export function compileRules(groups: MatchingRuleGroup[]): CompiledGroup[] {
  return groups.map((g) => COMPILE[g.type](g));
}
