/**
 * The signed-in user's own readings of posts (issue 14 §3), kept apart from the feeds so the same
 * post in another list (a feed, a report's posts, an opinion page) shows the correction too. A
 * correction shows at once; when the server refuses it, the label goes back to the last one the
 * server accepted (or to what the post itself said) and the caller shows why.
 */
import { type SentimentLabel, sentimentFeedbackCalls } from '@kolscope/contract';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api } from '../api';
import { sessionStore } from './session';

export type SendCorrection = (postId: string, label: SentimentLabel) => Promise<{ mySentiment: SentimentLabel }>;

export interface MySentimentsState {
  /** Shown label per post id; absent = the post's own `mySentiment` (from the server) applies. */
  labels: Record<string, SentimentLabel>;
}

export function createMySentiments(send: SendCorrection) {
  const store = createStore<MySentimentsState>()(() => ({ labels: {} }));
  // Per post: the number of the latest correction sent, and the latest the server accepted with
  // its number, so an old answer arriving late never undoes a newer tap.
  const sent = new Map<string, number>();
  const accepted = new Map<string, { seq: number; label: SentimentLabel }>();
  let generation = 0;

  const show = (postId: string, label: SentimentLabel | undefined) =>
    store.setState((s) => {
      const labels = { ...s.labels };
      if (label) labels[postId] = label;
      else delete labels[postId];
      return { labels };
    });

  /** Shows `label` now and sends it; rejects with the server's error after rolling back. */
  async function correct(postId: string, label: SentimentLabel): Promise<void> {
    const gen = generation;
    const seq = (sent.get(postId) ?? 0) + 1;
    sent.set(postId, seq);
    show(postId, label);
    try {
      const answer = await send(postId, label);
      if (gen !== generation) return;
      const last = accepted.get(postId);
      if (!last || last.seq < seq) accepted.set(postId, { seq, label: answer.mySentiment });
      if (sent.get(postId) === seq) show(postId, answer.mySentiment);
    } catch (error) {
      if (gen === generation && sent.get(postId) === seq) show(postId, accepted.get(postId)?.label);
      throw error;
    }
  }

  /** Forgets everything (another account signed in); answers still on their way are dropped. */
  function reset(): void {
    generation++;
    sent.clear();
    accepted.clear();
    store.setState({ labels: {} });
  }

  return { store, correct, reset };
}

export const mySentiments = createMySentiments((postId, label) => api(sentimentFeedbackCalls.give, { postId, label }));

/** The user's label for a post: this session's correction, else the one the server sent with it. */
export function useMySentiment(postId: string, fromServer: SentimentLabel | undefined): SentimentLabel | undefined {
  return useStore(mySentiments.store, (s) => s.labels[postId]) ?? fromServer;
}

sessionStore.subscribe((state, previous) => {
  if (state.uid !== previous.uid) mySentiments.reset();
});
