import { ComingSoon } from '../../features/ComingSoon';

/** /coin-opinion-setting and /coin-opinion-setting/:id — placeholder until its own issue builds the screen. */
export default function CoinOpinionSettingPage() {
  return <ComingSoon titleKey="pages.coinOpinionSetting" />;
}
