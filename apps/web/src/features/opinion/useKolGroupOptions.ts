import { kolGroupCalls } from '@kolscope/contract';
import { useCallback, useState } from 'react';
import { api } from '../../api';
import { kolGroupsStore, useKolGroups } from '../../state/kolGroups';
import { sessionStore } from '../../state/session';

// Spec section 2: groups load on first open and are cached after a success. The shared store
// also holds a failed load (as an empty list), so success is remembered here.
let succeeded = false;
// Another account has other groups.
sessionStore.subscribe((state, previous) => {
  if (state.uid !== previous.uid) succeeded = false;
});

/**
 * The KOL groups for the opinion forms' group sheet: loaded on demand, once, then cached.
 * A failure is reported ('Failed to fetch KOL groups') and the next open tries again.
 */
export function useKolGroupOptions() {
  const { list } = useKolGroups();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const ensure = useCallback(() => {
    if (succeeded && kolGroupsStore.getState().list.length > 0) return;
    setLoading(true);
    setFailed(false);
    api(kolGroupCalls.list).then(
      (groups) => {
        succeeded = true;
        // /kol-management reads the same store, so it opens with the list too.
        kolGroupsStore.setState({ list: groups, loaded: true });
        setLoading(false);
      },
      () => {
        setFailed(true);
        setLoading(false);
      },
    );
  }, []);

  return { list, loading, failed, loaded: succeeded && !loading, ensure };
}
