import { type SentimentFeedbackItem, sentimentFeedbackCalls } from '@kolscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api';

interface Paged {
  items: SentimentFeedbackItem[];
  more: boolean;
  nextCb: string;
}

const NONE: Paged = { items: [], more: false, nextCb: '' };

/** Adds a page by cursor while `more` is 1; a post already shown (a correction moved it up) is not repeated. */
export function addPage(state: Paged, page: { list: SentimentFeedbackItem[]; more: number; nextCb: string }): Paged {
  const seen = new Set(state.items.map((i) => i.postId));
  return {
    items: [...state.items, ...page.list.filter((i) => !seen.has(i.postId))],
    more: page.more === 1 && page.nextCb !== '',
    nextCb: page.nextCb,
  };
}

/** admin/sentiment_feedback, paged; the tab (disagreements or all) restarts it. */
export function useFeedbackList(disagreementsOnly: boolean, failedText: string) {
  const [state, setState] = useState<Paged>(NONE);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Answers for the other tab (or an earlier attempt) are dropped.
  const generation = useRef(0);
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    const id = ++generation.current;
    void attempt; // Re-runs the first page on retry.
    setState(NONE);
    setLoading(true);
    setError(null);
    api(sentimentFeedbackCalls.list, { disagreementsOnly, nextCb: '' }).then(
      (page) => {
        if (id !== generation.current) return;
        setState(addPage(NONE, page));
        setLoading(false);
      },
      (err: unknown) => {
        if (id !== generation.current) return;
        setError(errorMessage(err, failedText));
        setLoading(false);
      },
    );
  }, [disagreementsOnly, attempt, failedText]);

  const loadMore = useCallback(async () => {
    const { more, nextCb } = current.current;
    if (!more) return;
    const id = generation.current;
    const page = await api(sentimentFeedbackCalls.list, { disagreementsOnly, nextCb });
    if (id === generation.current) setState((s) => addPage(s, page));
  }, [disagreementsOnly]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, loading, error, loadMore, retry };
}
