/**
 * The user's views (spec section 4, "Views"): the tab list from view/v2/list, a loading flag and
 * the current view. Home, /nav-setting, the setting pages and /view-detail share it, so a
 * reorder, a delete or a create shows everywhere after one `reloadViews()`.
 */
import { type ViewListItem, type ViewType, viewCalls } from '@kolscope/contract';
import i18next from 'i18next';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api, errorMessage } from '../api';
import { sessionStore } from './session';

export type { ViewListItem };

export interface ViewsState {
  /** Top-level tab items in the saved order; coin and event opinions are one group item each. */
  list: ViewListItem[];
  /** A view/v2/list call is in flight. */
  loading: boolean;
  /** At least one load has finished successfully (an empty list then means "no views"). */
  loaded: boolean;
  /** The last load's failure text, cleared by the next success. */
  error: string | null;
  /** The selected view: a top-level item's viewId or a sub-view's viewId; null when none. */
  currentViewId: string | null;
}

export const viewsStore = createStore<ViewsState>()(() => ({
  list: [],
  loading: false,
  loaded: false,
  error: null,
  currentViewId: null,
}));

/** React access, e.g. `useViews((s) => s.list)`; without a selector, the whole state. */
export function useViews(): ViewsState;
export function useViews<T>(selector: (state: ViewsState) => T): T;
export function useViews<T>(selector?: (state: ViewsState) => T): T | ViewsState {
  return useStore(viewsStore, (selector ?? identity) as (state: ViewsState) => T | ViewsState);
}
const identity = (s: ViewsState): ViewsState => s;

export interface FoundView {
  /** The top-level item (tab) holding the view. */
  group: ViewListItem;
  /** The view itself: the group, or one of its subs. */
  viewId: string;
  name: string;
  viewType: ViewType;
  fixed: boolean;
}

/** Finds a view among the tab items and their subs. */
export function findView(list: readonly ViewListItem[], viewId: string | null | undefined): FoundView | null {
  if (!viewId) return null;
  for (const group of list) {
    if (group.viewId === viewId)
      return { group, viewId, name: group.name, viewType: group.viewType, fixed: group.fixed };
    const sub = group.subs.find((s) => s.viewId === viewId);
    if (sub) return { group, viewId, name: sub.name, viewType: sub.viewType, fixed: Boolean(sub.fixed) };
  }
  return null;
}

/** The current view after a new list arrives: kept if still present, else the first (spec 4). */
export function currentAfterLoad(list: readonly ViewListItem[], current: string | null): string | null {
  if (current === null || findView(list, current)) return current;
  return list[0]?.viewId ?? null;
}

// Each load gets a number; only the newest one's answer is applied, so a slow early load
// cannot overwrite a later one (e.g. a reload right after a reorder).
let loadSeq = 0;
let inFlight: Promise<void> | null = null;

/** Applies a list the server returned (view/v2/list, or the list view/add answers with). */
export function applyViewList(list: ViewListItem[]): void {
  const { currentViewId } = viewsStore.getState();
  viewsStore.setState({ list, loaded: true, error: null, currentViewId: currentAfterLoad(list, currentViewId) });
}

/** Loads the list from the server. Never rejects: a failure is kept in `error`. */
export function reloadViews(): Promise<void> {
  const seq = ++loadSeq;
  viewsStore.setState({ loading: true });
  const run = api(viewCalls.list)
    .then((list) => {
      if (seq === loadSeq) applyViewList(list);
    })
    .catch((error: unknown) => {
      if (seq === loadSeq) viewsStore.setState({ error: errorMessage(error, i18next.t('tabs.loadFailed')) });
    })
    .finally(() => {
      if (seq === loadSeq) {
        viewsStore.setState({ loading: false });
        inFlight = null;
      }
    });
  inFlight = run;
  return run;
}

/** Loads only when nothing is loaded and no load is in progress (spec: view detail entry). */
export function ensureViews(): Promise<void> {
  const { loaded, loading } = viewsStore.getState();
  if (loading && inFlight) return inFlight;
  if (loaded) return Promise.resolve();
  return reloadViews();
}

export function setCurrentView(viewId: string | null): void {
  if (viewsStore.getState().currentViewId !== viewId) viewsStore.setState({ currentViewId: viewId });
}

/**
 * After a create: the new view becomes current (spec 4) and the list is reloaded so its tab exists.
 * `created` is the list the add call answered with, when it returns one.
 */
export function viewCreated(viewId: string, created?: ViewListItem[]): Promise<void> {
  if (created) applyViewList(created);
  setCurrentView(viewId);
  return reloadViews();
}

/** The delete call for a view: coin and event opinion sub-views have their own (spec 7). */
function deleteCall(viewType: ViewType | undefined, viewId: string): Promise<unknown> {
  if (viewType === 'coin_opinion') return api(viewCalls.coinOpinionDelete, { viewId });
  if (viewType === 'event_opinion') return api(viewCalls.eventOpinionDelete, { viewId });
  return api(viewCalls.delete, { viewId });
}

/** Drops a view from a list (a tab item, or a sub inside a group); pure. */
export function withoutView(list: readonly ViewListItem[], viewId: string): ViewListItem[] {
  return list
    .filter((item) => item.viewId !== viewId)
    .map((item) =>
      item.subs.some((s) => s.viewId === viewId)
        ? { ...item, subs: item.subs.filter((s) => s.viewId !== viewId) }
        : item,
    );
}

/**
 * Deletes a view on the server, removes it locally at once, clears it when it was current
 * (spec 4) and reloads the list. Rejects when the call fails, so the caller can show its message.
 */
export async function removeView(viewId: string): Promise<void> {
  const found = findView(viewsStore.getState().list, viewId);
  await deleteCall(found?.viewType, viewId);
  const state = viewsStore.getState();
  viewsStore.setState({
    list: withoutView(state.list, viewId),
    currentViewId: state.currentViewId === viewId ? null : state.currentViewId,
  });
  await reloadViews();
  // The reload must not bring the deleted view back as current through the "first" rule.
  if (viewsStore.getState().currentViewId === viewId) setCurrentView(null);
}

/** Forgets everything (sign-out, tests). */
export function resetViews(): void {
  loadSeq++;
  inFlight = null;
  viewsStore.setState({ list: [], loading: false, loaded: false, error: null, currentViewId: null });
}

// Another account must never see the previous one's tabs: a sign-out or sign-in starts afresh.
sessionStore.subscribe((state, previous) => {
  if (state.uid !== previous.uid) resetViews();
});
