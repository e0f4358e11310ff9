import { ComingSoon } from '../../features/ComingSoon';

/** /notification-setting and /notification-setting/:id — placeholder until its own issue builds the screen. */
export default function NotificationSettingPage() {
  return <ComingSoon titleKey="pages.notificationSetting" />;
}
