/** What the views made of filter groups share: their rules are the spec's groups (view-rules.ts). */
import type { MatchingRuleGroup } from '@kolscope/contract';
import { compileRules } from '../view-rules';
import { ruleKeywords, type ViewKind } from './kind';

export const filtered: Pick<ViewKind, 'keywordGroups' | 'postGroups'> = {
  keywordGroups: ruleKeywords,
  postGroups: (row) => compileRules(row.matching_rules as MatchingRuleGroup[]),
};
