/** content_feed: the posts its filter groups match; no settings of its own. */
import { viewSettings } from '@kolscope/contract';
import { filtered } from './filtered';
import type { ViewKind } from './kind';

export const contentFeed: ViewKind<typeof viewSettings.content_feed> = {
  type: 'content_feed',
  settings: viewSettings.content_feed,
  addable: true,
  needsRules: true,
  ...filtered,
};
