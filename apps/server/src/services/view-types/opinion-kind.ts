/** What coin and event opinion views share: a KOL group, a group tab, rollup counts, their own calls. */
import type { ViewRow } from '../../db/repos/views';
import type { ViewKind } from './kind';

export const opinionKind = (kolGroupOf: (row: ViewRow) => string) =>
  ({ addable: false, needsRules: false, countsOnce: true, kolGroupOf }) satisfies Partial<ViewKind>;

/** A KOL group id as the rollups key it: null for all KOLs. */
export const groupKey = (kolGroupId: string) => (kolGroupId ? Number(kolGroupId) : null);
