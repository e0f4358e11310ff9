import { ComingSoon } from '../../features/ComingSoon';

/** /event-opinion-setting and /event-opinion-setting/:id — placeholder until its own issue builds the screen. */
export default function EventOpinionSettingPage() {
  return <ComingSoon titleKey="pages.eventOpinionSetting" />;
}
