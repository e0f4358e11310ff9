/**
 * The user's KOL groups (spec section 4, "KOL group load failure"): the list from kol_group/list,
 * shared by /kol-management and the group field of the opinion settings, so a delete or a save
 * shows everywhere after one `reloadKolGroups()`.
 */
import { type KolGroup, kolGroupCalls } from '@kolscope/contract';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api } from '../api';

export type { KolGroup };

export interface KolGroupsState {
  list: KolGroup[];
  /** A kol_group/list call is in flight. */
  loading: boolean;
  /** At least one load has finished (a failed one counts: it leaves an empty list). */
  loaded: boolean;
}

export const kolGroupsStore = createStore<KolGroupsState>()(() => ({ list: [], loading: false, loaded: false }));

export function useKolGroups(): KolGroupsState {
  return useStore(kolGroupsStore);
}

// Only the newest load's answer is applied, so a slow first load cannot undo a refresh.
let loadSeq = 0;

/**
 * Loads the list. Never rejects: the spec says a failed load shows an empty list silently, so
 * a failure is only logged.
 */
export function reloadKolGroups(): Promise<void> {
  const seq = ++loadSeq;
  kolGroupsStore.setState({ loading: true });
  return api(kolGroupCalls.list)
    .then((list) => {
      if (seq === loadSeq) kolGroupsStore.setState({ list, loaded: true });
    })
    .catch((error: unknown) => {
      console.warn('fetch KOL groups failed', error);
      if (seq === loadSeq) kolGroupsStore.setState({ list: [], loaded: true });
    })
    .finally(() => {
      if (seq === loadSeq) kolGroupsStore.setState({ loading: false });
    });
}

/** Deletes a group; rejects on failure so the caller can say why. The row goes at once. */
export async function removeKolGroup(groupId: string): Promise<void> {
  await api(kolGroupCalls.delete, { groupId });
  kolGroupsStore.setState((s) => ({ list: s.list.filter((g) => g.id !== groupId) }));
  void reloadKolGroups();
}
