/** The app's feed store: view/v2/tweets through the typed client, reset when the account changes. */
import { viewCalls } from '@kolscope/contract';
import i18next from 'i18next';
import { useStore } from 'zustand';
import { api, errorMessage } from '../../api';
import { sessionStore } from '../../state/session';
import { emptyFeed, type FeedState } from './feedState';
import { createFeedStore, type FeedQuery, feedKey } from './feedStore';

export const feeds = createFeedStore(
  (request) => api(viewCalls.tweets, request),
  (error) => errorMessage(error, i18next.t('feed.loadFailed')),
);

const EMPTY = emptyFeed();

/** One feed's state for React; a feed never loaded reads as the empty state. */
export function useFeed(query: FeedQuery): FeedState {
  const key = feedKey(query);
  return useStore(feeds.store, (s) => s.feeds[key] ?? EMPTY);
}

sessionStore.subscribe((state, previous) => {
  if (state.uid !== previous.uid) feeds.reset();
});
