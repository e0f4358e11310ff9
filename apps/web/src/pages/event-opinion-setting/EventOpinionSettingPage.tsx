import { view } from '@kolscope/contract';
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
import { useResolvedGroup } from '../../features/opinion/useOpinionForm';
import { TextField } from '../../features/TextField';
import { toastInfo } from '../../features/toast';
import { useLoadWithRetry } from '../../features/view-form/useLoadWithRetry';
import { useSaveAndNavigate } from '../../features/view-form/useSaveAndNavigate';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';
import '../../features/filters/filters.css';
import '../../features/opinion/opinion.css';

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
  const saver = useSaveAndNavigate(id, 'event_opinion');

  const { loadState, retry } = useLoadWithRetry(
    id,
    (viewId) => api(view.eventOpinionInfo, { viewId }),
    (info) => {
      setTitle(info.name);
      setKeywords(keywordItems(info.matchingRules));
      setKolGroupId(info.kolGroupId);
      if (info.kolGroupId) groups.ensure();
    },
  );
  useResolvedGroup(kolGroupId, groups, setKolGroupId);

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
      () => api(view.eventOpinionAdd, { ...checked, kolGroupId }),
      (viewId) => api(view.eventOpinionUpdate, { viewId, ...checked, kolGroupId }),
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
    <ViewFormPage
      title={t(id ? 'opinion.eventEditTitle' : 'opinion.eventCreateTitle')}
      editing={Boolean(id)}
      loadState={loadState}
      onRetry={retry}
      statePrefix="event-setting"
      testId="event-setting"
      whileLoading="form"
      save={{ testId: 'opinion-save', busy: saver.saving, onClick: save }}
    >
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
    </ViewFormPage>
  );
}
