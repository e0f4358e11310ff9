import { ComingSoon } from '../../features/ComingSoon';

/** /feed-setting and /feed-setting/:id — placeholder until its own issue builds the screen. */
export default function FeedSettingPage() {
  return <ComingSoon titleKey="pages.feedSetting" />;
}
