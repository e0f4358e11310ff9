import { ComingSoon } from '../../features/ComingSoon';

/** /nav-setting — placeholder until its own issue builds the screen. */
export default function NavSettingPage() {
  return <ComingSoon titleKey="pages.navSetting" />;
}
