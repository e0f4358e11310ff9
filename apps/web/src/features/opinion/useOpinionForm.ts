import { useEffect } from 'react';
import { resolveGroupId } from './opinionForm';
import type { useKolGroupOptions } from './useKolGroupOptions';

/**
 * The group a loaded view names, once the groups are there: a group that no longer exists falls
 * back to all groups (spec section 4: "none means all groups").
 */
export function useResolvedGroup(
  kolGroupId: string,
  groups: ReturnType<typeof useKolGroupOptions>,
  setKolGroupId: (id: string) => void,
) {
  const resolved = resolveGroupId(groups.list, groups.loaded, kolGroupId);
  useEffect(() => {
    if (resolved !== null && resolved !== kolGroupId) setKolGroupId(resolved);
  }, [resolved, kolGroupId, setKolGroupId]);
}
