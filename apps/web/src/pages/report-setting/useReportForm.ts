import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsFromRules } from '../../features/filters/filters';
import { useFilterGroups } from '../../features/filters/useFilterGroups';
import { type TimeValue, timeFromSeconds } from '../../features/report/timeField';
import { useFieldErrors } from '../../features/view-form/useFieldErrors';
import { useViewForm } from '../../features/view-form/useViewForm';
import { DEFAULT_TIMES, REPORT_FIELDS, type ReportErrors, validateReport } from './reportForm';

/**
 * State and actions of the report form: the view to edit (view/info), title, the two time
 * selectors, the filter groups (shared with the feed form) and save (spec sections 4 and 5).
 */
export function useReportForm(viewId: string | undefined) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [backtracking, setBacktracking] = useState<TimeValue>(DEFAULT_TIMES.backtracking);
  /** The stored backtracking of the report being edited: read-only, sent back unchanged. */
  const [keptBacktracking, setKeptBacktracking] = useState<number | undefined>();
  const [updateFreq, setUpdateFreq] = useState<TimeValue>(DEFAULT_TIMES.updateFreq);
  const { errors, clear, errorText, accept } = useFieldErrors<ReportErrors>(REPORT_FIELDS, (key, error) =>
    error === 'titleRequired' || error === 'filtersRequired'
      ? t(`feedSetting.${error}`)
      : t(`reportSetting.${error}`, { max: t(`reportSetting.max.${key}`) }),
  );
  const filters = useFilterGroups();
  const { groups, setGroups } = filters;
  const { persist, ...shell } = useViewForm(viewId, 'analytics_report', (info) => {
    setTitle(info.name);
    setGroups(groupsFromRules(info.matchingRules));
    // A report saved without one shows (and keeps on update) the default.
    setKeptBacktracking(info.backtrackingSeconds);
    if (info.backtrackingSeconds) setBacktracking(timeFromSeconds(info.backtrackingSeconds));
    if (info.updateFreqSeconds) setUpdateFreq(timeFromSeconds(info.updateFreqSeconds));
  });

  const changeTitle = (value: string) => {
    setTitle(value);
    if (value.trim()) clear('title');
  };
  const changeBacktracking = (value: TimeValue) => {
    setBacktracking(value);
    clear('backtracking');
  };
  const changeUpdateFreq = (value: TimeValue) => {
    setUpdateFreq(value);
    clear('updateFreq');
  };

  const save = async () => {
    const payload = accept(
      validateReport({ title, groups, backtracking, updateFreq }, viewId ? keptBacktracking : undefined),
    );
    if (payload) await persist(payload);
  };

  return {
    ...shell,
    title,
    titleError: errorText('title') || undefined,
    changeTitle,
    backtracking,
    changeBacktracking,
    updateFreq,
    changeUpdateFreq,
    errors,
    errorText,
    filters,
    save,
  };
}
