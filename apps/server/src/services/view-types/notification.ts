/**
 * notification: keyword groups matched against incoming posts and forwarded messages
 * (services/notifications), with its sources, push switch and push frequency.
 */
import { viewSettings } from '@kolscope/contract';
import { checkNotificationFields, withNotificationDefaults } from '../notifications/match';
import { filtered } from './filtered';
import type { ViewKind } from './kind';

export const notification: ViewKind<typeof viewSettings.notification> = {
  type: 'notification',
  settings: viewSettings.notification,
  addable: true,
  needsRules: true,
  ...filtered,
  check: checkNotificationFields,
  toStore: withNotificationDefaults,
};
