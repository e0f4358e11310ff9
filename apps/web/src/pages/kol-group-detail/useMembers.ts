import { kolGroupCalls } from '@kolscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api';
import { addPage, type MembersState, NO_MEMBERS } from './paging';

export interface Members extends MembersState {
  /** The first page is on its way. */
  loading: boolean;
  /** The first page failed (later pages fail into the infinite scroll's own retry). */
  error: string | null;
  loadMore: () => Promise<void>;
  retry: () => void;
}

/** The members of a group by kol_group/twitter_user_list ('all' = every tracked KOL). */
export function useMembers(groupId: string, failedText: string): Members {
  const [state, setState] = useState<MembersState>(NO_MEMBERS);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Answers for an earlier group (or attempt) are dropped.
  const generation = useRef(0);
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    const id = ++generation.current;
    void attempt; // Re-runs the first page on retry.
    setState(NO_MEMBERS);
    setLoading(true);
    setError(null);
    api(kolGroupCalls.twitterUserList, { groupId, nextCb: '' }).then(
      (page) => {
        if (id !== generation.current) return;
        setState(addPage(NO_MEMBERS, page, groupId));
        setLoading(false);
      },
      (err: unknown) => {
        if (id !== generation.current) return;
        setError(errorMessage(err, failedText));
        setLoading(false);
      },
    );
  }, [groupId, attempt, failedText]);

  const loadMore = useCallback(async () => {
    const { more, nextCb } = current.current;
    if (!more) return;
    const id = generation.current;
    const page = await api(kolGroupCalls.twitterUserList, { groupId, nextCb });
    if (id === generation.current) setState((s) => addPage(s, page, groupId));
  }, [groupId]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, loading, error, loadMore, retry };
}
