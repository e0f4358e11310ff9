import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FilterViewForm } from '../../features/filters/FilterViewForm';
import { TimeSelector } from '../../features/report/TimeSelector';
import { useReportForm } from './useReportForm';

/**
 * /report-setting (create) and /report-setting/:id (edit): title, backtracking time (read-only
 * when editing), update frequency and the filter groups of the feed form (spec section 2).
 */
export default function ReportSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const form = useReportForm(id);

  return (
    <FilterViewForm kind={{ keys: 'reportSetting', id: 'report' }} form={form}>
      <TimeSelector
        label={t('reportSetting.backtracking')}
        testId="report-backtracking"
        value={form.backtracking}
        onChange={form.changeBacktracking}
        readOnly={form.editing}
        hint={t(form.editing ? 'reportSetting.backtrackingLocked' : 'reportSetting.backtrackingHint')}
        error={form.errorText('backtracking') || undefined}
      />
      <TimeSelector
        label={t('reportSetting.updateFreq')}
        testId="report-update-freq"
        value={form.updateFreq}
        onChange={form.changeUpdateFreq}
        hint={t('reportSetting.updateFreqHint')}
        error={form.errorText('updateFreq') || undefined}
      />
    </FilterViewForm>
  );
}
