import { ComingSoon } from '../../features/ComingSoon';

/** /rank-setting and /rank-setting/:id — placeholder until its own issue builds the screen. */
export default function RankSettingPage() {
  return <ComingSoon titleKey="pages.rankSetting" />;
}
