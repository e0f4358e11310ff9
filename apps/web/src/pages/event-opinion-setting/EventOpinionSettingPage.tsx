import { viewCalls } from '@kolscope/contract';
import { Button } from 'antd-mobile';
import { CloseCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api';
import type { KeywordItem } from '../../features/filters/filters';
import { KeywordsBody } from '../../features/filters/KeywordsBody';
import { KolGroupField } from '../../features/opinion/KolGroupField';
import { keywordItems, validateEvent } from '../../features/opinion/opinionForm';
import { useKolGroupOptions } from '../../features/opinion/useKolGroupOptions';
import { useEditLoad, useOpinionSave, useResolvedGroup } from '../../features/opinion/useOpinionForm';
import { PageNavBar } from '../../features/PageNavBar';
import { SettingFailed } from '../../features/report/SettingStates';
import { TextField } from '../../features/TextField';
import { toastInfo } from '../../features/toast';
import '../../features/filters/filters.css';
import '../../features/opinion/opinion.css';
import '../../features/report/setting-page.css';

/**
 * /event-opinion-setting (create) and /event-opinion-setting/:id (edit): a clearable title, the
 * event's keywords and a KOL group (spec section 2, "Event opinion setting").
 */
export default function EventOpinionSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const groups = useKolGroupOptions();
  const [title, setTitle] = useState('');
  const [keywords, setKeywords] = useState<KeywordItem[]>([]);
  const [kolGroupId, setKolGroupId] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const [keywordsError, setKeywordsError] = useState<string | undefined>();
  const saver = useOpinionSave('event_opinion', id);

  const { loadState, retry } = useEditLoad(
    id,
    (viewId) => api(viewCalls.eventOpinionInfo, { viewId }),
    (info) => {
      setTitle(info.name);
      setKeywords(keywordItems(info.matchingRules));
      setKolGroupId(info.kolGroupId);
      if (info.kolGroupId) groups.ensure();
    },
  );
  useResolvedGroup(kolGroupId, groups, setKolGroupId);

  const header = <PageNavBar title={t(id ? 'opinion.eventEditTitle' : 'opinion.eventCreateTitle')} />;
  if (loadState === 'failed') return <SettingFailed header={header} testId="event-setting" onRetry={retry} />;
  const loading = loadState === 'loading';

  const changeTitle = (value: string) => {
    setTitle(value);
    if (value.trim()) setTitleError(undefined);
  };
  const changeKeywords = (next: KeywordItem[]) => {
    setKeywords(next);
    if (next.some((k) => k.text.trim())) setKeywordsError(undefined);
  };

  const save = () => {
    const checked = validateEvent(title, keywords);
    if ('error' in checked) {
      const message = t(`opinion.${checked.error}`);
      if (checked.error === 'titleRequired') setTitleError(message);
      else setKeywordsError(message);
      toastInfo(message);
      return;
    }
    void saver.run(
      () => api(viewCalls.eventOpinionAdd, { ...checked, kolGroupId }),
      (viewId) => api(viewCalls.eventOpinionUpdate, { viewId, ...checked, kolGroupId }),
    );
  };

  const clear = title ? (
    <button
      type="button"
      className="ks-icon-button event-title-clear"
      data-testid="event-title-clear"
      aria-label={t('opinion.clearTitle')}
      onClick={() => setTitle('')}
    >
      <CloseCircleFill />
    </button>
  ) : null;

  return (
    <div className="setting-page" data-testid="event-setting" data-loading={loading}>
      {header}
      <div className="setting-form">
        <TextField
          label={t('opinion.eventTitle')}
          testId="event-title"
          value={title}
          onChange={changeTitle}
          error={titleError}
          placeholder={t('opinion.eventTitlePlaceholder')}
          maxLength={100}
          autoComplete="off"
          disabled={loading}
          suffix={clear}
        />
        <section
          className={`filter-card opinion-keywords${keywordsError ? ' opinion-keywords--error' : ''}`}
          data-testid="event-keywords"
        >
          <header className="filter-card__head">
            <div>
              <h3 className="filter-card__title">{t('opinion.keywords')}</h3>
              <p className="filter-card__hint">{t('opinion.keywordsHint')}</p>
            </div>
          </header>
          <KeywordsBody keywords={keywords} onChange={changeKeywords} />
          {keywordsError && (
            <div className="ks-field__error" role="alert" data-testid="event-keywords-error">
              {keywordsError}
            </div>
          )}
        </section>
        <KolGroupField value={kolGroupId} onChange={setKolGroupId} groups={groups} disabled={loading} />
      </div>
      <footer className="ks-sticky-footer">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          data-testid="opinion-save"
          loading={saver.saving || loading}
          disabled={saver.saving || loading}
          onClick={save}
        >
          {t(id ? 'opinion.update' : 'opinion.save')}
        </Button>
      </footer>
    </div>
  );
}
