import { mindshareCalls, REPORT_PERIODS, type ReportPeriod } from '@kolscope/contract';
import { Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api';
import { KolGroupField } from '../../features/opinion/KolGroupField';
import { resolveGroupId } from '../../features/opinion/opinionForm';
import { useKolGroupOptions } from '../../features/opinion/useKolGroupOptions';
import { toastInfo } from '../../features/toast';
import { FormCard } from '../../features/view-form/FormCard';
import { TitleField } from '../../features/view-form/TitleField';
import { useLoadWithRetry } from '../../features/view-form/useLoadWithRetry';
import { useSaveAndNavigate } from '../../features/view-form/useSaveAndNavigate';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';

/**
 * /mindshare-setting (create) and /mindshare-setting/:id (edit): a title, the KOL group whose
 * posts are counted (all KOLs by default) and the default period (issue 33 §2).
 */
export default function MindshareSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const groups = useKolGroupOptions();
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const [kolGroupId, setKolGroupId] = useState('');
  const [period, setPeriod] = useState<ReportPeriod>('1d');
  const { saving, run } = useSaveAndNavigate(id, 'mindshare');
  const { loadState, retry } = useLoadWithRetry(
    id,
    (viewId) => api(mindshareCalls.info, { viewId }),
    (info) => {
      setTitle(info.name);
      setKolGroupId(info.kolGroupId);
      setPeriod(info.period);
      if (info.kolGroupId) groups.ensure();
    },
  );
  // A group deleted since falls back to all KOLs once the list is there (as the opinion forms).
  const resolved = resolveGroupId(groups.list, groups.loaded, kolGroupId);
  useEffect(() => {
    if (resolved !== null && resolved !== kolGroupId) setKolGroupId(resolved);
  }, [resolved, kolGroupId]);
  const loading = loadState === 'loading';

  const save = () => {
    const name = title.trim();
    if (!name) {
      const message = t('mindshare.titleRequired');
      setTitleError(message);
      toastInfo(message);
      return;
    }
    const body = { name, kolGroupId, period };
    void run(
      () => api(mindshareCalls.add, body),
      (viewId) => api(mindshareCalls.update, { viewId, ...body }),
    );
  };

  return (
    <ViewFormPage
      title={t(id ? 'mindshare.editTitle' : 'mindshare.createTitle')}
      form={{ editing: Boolean(id), loadState, retryLoad: retry, saving, save }}
      testIds={{ state: 'mindshare-setting', save: 'mindshare-save', page: 'mindshare-setting' }}
      whileLoading="form"
    >
      <TitleField
        label={t('mindshare.title')}
        testId="mindshare-title"
        value={title}
        disabled={loading}
        onChange={(v) => {
          setTitle(v);
          if (v.trim()) setTitleError(undefined);
        }}
        error={titleError}
        placeholder={t('mindshare.titlePlaceholder')}
      />
      <KolGroupField value={kolGroupId} onChange={setKolGroupId} groups={groups} disabled={loading} />
      <FormCard testId="mindshare-period-card" title={t('mindshare.period')} hint={t('mindshare.periodHint')}>
        <Selector
          columns={3}
          showCheckMark={false}
          disabled={loading}
          options={REPORT_PERIODS.map((p) => ({
            value: p,
            label: <span data-testid={`mindshare-setting-period-${p}`}>{t(`mindshare.periods.${p}`)}</span>,
          }))}
          value={[period]}
          onChange={(v) => v[0] && setPeriod(v[0])}
        />
      </FormCard>
    </ViewFormPage>
  );
}
