import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FilterGroupsEditor } from '../../features/filters/FilterGroupsEditor';
import { TimeSelector } from '../../features/report/TimeSelector';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';
import { useReportForm } from './useReportForm';
import { TitleField } from '../../features/view-form/TitleField';

/**
 * /report-setting (create) and /report-setting/:id (edit): title, backtracking time (read-only
 * when editing), update frequency and the filter groups of the feed form (spec section 2).
 */
export default function ReportSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const form = useReportForm(id);

  return (
    <ViewFormPage
      title={t(form.editing ? 'reportSetting.editTitle' : 'reportSetting.createTitle')}
      form={form}
      testIds={{ state: 'report-setting', save: 'report-save' }}
    >
      <TitleField
        label={t('feedSetting.title')}
        testId="report-title"
        value={form.title}
        onChange={form.changeTitle}
        error={form.errorText('title') || undefined}
        placeholder={t('reportSetting.titlePlaceholder')}
      />
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
      <FilterGroupsEditor form={form.filters} emptyText={t('reportSetting.noFilters')} />
    </ViewFormPage>
  );
}
