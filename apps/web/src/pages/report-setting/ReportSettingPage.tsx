import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FilterGroupsEditor } from '../../features/filters/FilterGroupsEditor';
import { PageNavBar } from '../../features/PageNavBar';
import { SettingFailed, SettingLoading } from '../../features/report/SettingStates';
import { TimeSelector } from '../../features/report/TimeSelector';
import { TextField } from '../../features/TextField';
import { useReportForm } from './useReportForm';
import '../../features/report/setting-page.css';

/**
 * /report-setting (create) and /report-setting/:id (edit): title, backtracking time (read-only
 * when editing), update frequency and the filter groups of the feed form (spec section 2).
 */
export default function ReportSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const form = useReportForm(id);
  const header = <PageNavBar title={t(form.editing ? 'reportSetting.editTitle' : 'reportSetting.createTitle')} />;

  if (form.loadState === 'loading') return <SettingLoading header={header} testId="report-setting-loading" />;
  if (form.loadState === 'failed') {
    return <SettingFailed header={header} testId="report-setting" onRetry={form.retryLoad} />;
  }

  return (
    <div className="setting-page">
      {header}
      <div className="setting-form">
        <TextField
          label={t('feedSetting.title')}
          testId="report-title"
          value={form.title}
          onChange={form.changeTitle}
          error={form.errorText('title') || undefined}
          placeholder={t('reportSetting.titlePlaceholder')}
          maxLength={100}
          autoComplete="off"
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
      </div>
      <footer className="ks-sticky-footer">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          data-testid="report-save"
          loading={form.saving}
          disabled={form.saving}
          onClick={() => void form.save()}
        >
          {t(form.editing ? 'feedSetting.update' : 'feedSetting.save')}
        </Button>
      </footer>
    </div>
  );
}
