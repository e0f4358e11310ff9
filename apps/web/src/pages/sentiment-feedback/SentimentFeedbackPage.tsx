import { SENTIMENT_LABELS, type SentimentFeedbackItem } from '@kolscope/contract';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNavBar } from '../../features/PageNavBar';
import { RelativeTime } from '../../features/post-card/RelativeTime';
import { PagedScroll } from '../../features/query/PagedScroll';
import { describeModel } from '../../features/sentiment/cues';
import { useFeedbackList } from './useFeedbackList';
import '../../features/post-card/post-card.css';
import './sentiment-feedback.css';
import { AdminOnly } from '../../features/AdminOnly';
import { FailedState, LoadingState } from '../../features/LoadState';

type Tab = 'disagreements' | 'all';

function Chip({ label }: { label: SentimentFeedbackItem['modelLabel'] }) {
  const { t } = useTranslation();
  return <span className={`post-card__sentiment post-card__sentiment--${label}`}>{t(`post.sentiment.${label}`)}</span>;
}

function Row({ item }: { item: SentimentFeedbackItem }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className="sf-row"
      data-testid="sentiment-feedback-row"
      data-post-id={item.postId}
      data-model-label={item.modelLabel}
      data-users-label={item.usersLabel}
    >
      <div className="sf-row__head">
        <span className="sf-row__author">@{item.username}</span>
        <RelativeTime ct={item.ct} />
      </div>
      <p className="sf-row__text">{item.text}</p>
      <dl className="sf-row__facts">
        <dt>{t('sentiment.admin.model')}</dt>
        <dd data-testid="sentiment-feedback-model">
          <Chip label={item.modelLabel} />
          <span className="sf-row__model">{describeModel(item.model, i18n.language)}</span>
        </dd>
        <dt>{t('sentiment.admin.users')}</dt>
        <dd data-testid="sentiment-feedback-users">
          <Chip label={item.usersLabel} />
        </dd>
        <dt>{t('sentiment.admin.votes')}</dt>
        <dd className="sf-row__votes" data-testid="sentiment-feedback-votes">
          {SENTIMENT_LABELS.map((label) => (
            <span
              key={label}
              className={`sf-row__vote ks-tone--${label}`}
              data-label={label}
              data-count={item.votes[label]}
            >
              {t(`post.sentiment.${label}`)} {item.votes[label]}
            </span>
          ))}
        </dd>
      </dl>
    </li>
  );
}

function FeedbackList({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const list = useFeedbackList(tab === 'disagreements', t('sentiment.admin.loadFailed'));
  if (list.loading) {
    return <LoadingState className="ks-page-center" testId="sentiment-feedback-loading" />;
  }
  if (list.error) {
    return <FailedState className="ks-state" testId="sentiment-feedback-error" load={list} />;
  }
  if (list.items.length === 0) {
    return (
      <p className="ks-state" data-testid="sentiment-feedback-empty">
        {tab === 'disagreements' ? t('sentiment.admin.emptyDisagreements') : t('sentiment.admin.empty')}
      </p>
    );
  }
  return (
    <>
      <ul className="sf-list" data-testid="sentiment-feedback-list" data-tab={tab}>
        {list.items.map((item) => (
          <Row key={item.postId} item={item} />
        ))}
      </ul>
      <PagedScroll
        loadMore={list.loadMore}
        hasMore={list.more}
        look="compact"
        text={{
          failed: t('sentiment.admin.loadFailed'),
          retry: t('sentiment.admin.retry'),
          end: t('sentiment.admin.noMore'),
        }}
        testIds={{ retry: 'sentiment-feedback-retry', end: 'sentiment-feedback-end' }}
      />
    </>
  );
}

/**
 * /sentiment-feedback: posts users corrected, where they disagree with the model first
 * (issue 14 §3). Administrators only; anyone else is told so without a call (a 403 would sign
 * them out).
 */
export default function SentimentFeedbackPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('disagreements');
  return (
    <div className="sf-page">
      <PageNavBar title={t('pages.sentimentFeedback')} />
      <AdminOnly
        deniedText={t('sentiment.admin.adminOnly')}
        deniedClassName="sf-denied"
        testIds={{ denied: 'sentiment-feedback-denied' }}
      >
        <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)}>
          {(['disagreements', 'all'] as const).map((key) => (
            <Tabs.Tab
              key={key}
              title={<span data-testid={`sentiment-feedback-tab-${key}`}>{t(`sentiment.admin.${key}`)}</span>}
            />
          ))}
        </Tabs>
        <FeedbackList key={tab} tab={tab} />
      </AdminOnly>
    </div>
  );
}
