/** Paging of a group's members (spec section 4): pages by cursor while `more` equals 1. */
import { KOL_ALL_MAX_PAGES, type TwitterUser } from '@kolscope/contract';

export const ALL_GROUP_ID = 'all';

export interface MembersState {
  items: TwitterUser[];
  more: boolean;
  nextCb: string;
  pages: number;
}

export const NO_MEMBERS: MembersState = { items: [], more: false, nextCb: '', pages: 0 };

/**
 * Adds a page: members already shown are not repeated, and the 'all' list stops after its
 * tenth page (spec section 9) even if the server would go on.
 */
export function addPage(
  state: MembersState,
  page: { list: TwitterUser[]; more: number; nextCb: string },
  groupId: string,
): MembersState {
  const seen = new Set(state.items.map((u) => u.id));
  const pages = state.pages + 1;
  const capped = groupId === ALL_GROUP_ID && pages >= KOL_ALL_MAX_PAGES;
  return {
    items: [...state.items, ...page.list.filter((u) => !seen.has(u.id))],
    more: page.more === 1 && !capped && page.nextCb !== '',
    nextCb: page.nextCb,
    pages,
  };
}
