import { viewCalls } from '@kolscope/contract';
import { CloseCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, errorMessage } from '../../api';
import type { KeywordItem } from '../../features/filters/filters';
import { KeywordsBody } from '../../features/filters/KeywordsBody';
import { OpinionFormPage } from '../../features/opinion/OpinionFormPage';
import { CoinsField } from '../../features/opinion/CoinsField';
import { coinsFieldError, keywordItems, validateEvent } from '../../features/opinion/opinionForm';
import { useOpinionForm } from '../../features/opinion/useOpinionForm';
import { toastInfo } from '../../features/toast';
import { FormCard } from '../../features/view-form/FormCard';
import '../../features/opinion/opinion.css';
import { TitleField } from '../../features/view-form/TitleField';

/**
 * /event-opinion-setting (create) and /event-opinion-setting/:id (edit): a clearable title, the
 * event's keywords, the coins whose price the report draws (optional, issue 16) and a KOL group
 * (spec section 2, "Event opinion setting").
 */
export default function EventOpinionSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [title, setTitle] = useState('');
  const [keywords, setKeywords] = useState<KeywordItem[]>([]);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [keywordsError, setKeywordsError] = useState<string | undefined>();
  const [coins, setCoins] = useState<string[]>([]);
  const [coinsError, setCoinsError] = useState<string | undefined>();
  const opinion = useOpinionForm(
    'event_opinion',
    id,
    (viewId) => api(viewCalls.eventOpinionInfo, { viewId }),
    (info) => {
      setTitle(info.name);
      setKeywords(keywordItems(info.matchingRules));
      setCoins(info.coins);
    },
  );
  const { kolGroupId, loading } = opinion;

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
    setCoinsError(undefined);
    void opinion.run(
      () => api(viewCalls.eventOpinionAdd, { ...checked, coins, kolGroupId }),
      (viewId) => api(viewCalls.eventOpinionUpdate, { viewId, ...checked, coins, kolGroupId }),
      // The server checks the coins (known ones, at most three): its refusal shows on the field.
      (error) => setCoinsError(coinsFieldError(errorMessage(error, ''), coins) ?? undefined),
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
    <OpinionFormPage kind="event" opinion={opinion} save={save}>
      <TitleField
        label={t('opinion.eventTitle')}
        testId="event-title"
        value={title}
        onChange={changeTitle}
        error={titleError}
        placeholder={t('opinion.eventTitlePlaceholder')}
        disabled={loading}
        suffix={clear}
      />
      <FormCard
        testId="event-keywords"
        title={t('opinion.keywords')}
        hint={t('opinion.keywordsHint')}
        error={keywordsError}
        className="opinion-keywords"
      >
        <KeywordsBody keywords={keywords} onChange={changeKeywords} />
      </FormCard>
      <CoinsField
        value={coins}
        onChange={(next) => {
          setCoins(next);
          setCoinsError(undefined);
        }}
        error={coinsError}
        disabled={loading}
      />
    </OpinionFormPage>
  );
}
