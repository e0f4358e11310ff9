import { kolGroupCalls } from '@kolscope/contract';
import { errorMessage, api } from '../../api';
import { usePagedQuery } from '../../features/query/usePagedQuery';
import { addPage, NO_MEMBERS } from './paging';

/** The members of a group by kol_group/twitter_user_list ('all' = every tracked KOL). */
export function useMembers(groupId: string, failedText: string) {
  const list = usePagedQuery(`${groupId}|${failedText}`, {
    fetchPage: (nextCb) => api(kolGroupCalls.twitterUserList, { groupId, nextCb }),
    empty: () => NO_MEMBERS,
    first: (page) => addPage(NO_MEMBERS, page, groupId),
    append: (s, page) => addPage(s, page, groupId),
    next: (s) => (s.more ? s.nextCb : null),
    messageOf: (error) => errorMessage(error, failedText),
  });
  return { ...list.data, loading: list.loading, error: list.error, loadMore: list.loadMore, retry: list.retry };
}
