import { ComingSoon } from '../../features/ComingSoon';

/** /report-setting and /report-setting/:id — placeholder until its own issue builds the screen. */
export default function ReportSettingPage() {
  return <ComingSoon titleKey="pages.reportSetting" />;
}
