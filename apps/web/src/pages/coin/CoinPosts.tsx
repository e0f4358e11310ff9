import type { TradingTrend } from '@kolscope/contract';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostCard } from '../../features/post-card/PostCard';
import { PagedList } from '../../features/track/PagedList';
import { useCoinPosts } from './useCoin';

const TRENDS: { key: string; trend: TradingTrend }[] = [
  { key: 'all', trend: '' },
  { key: 'bullish', trend: 'bullish' },
  { key: 'neutral', trend: 'neutral' },
  { key: 'bearish', trend: 'bearish' },
];

/** The coin's latest posts (the feed's card), with the report's stance tabs: the stance on this coin. */
export function CoinPosts({ coin }: { coin: string }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('all');
  const trend = TRENDS.find((x) => x.key === key)?.trend ?? '';
  const posts = useCoinPosts(coin, trend);
  return (
    <section className="coin-posts" data-testid="coin-posts" data-trend={key}>
      <h2 className="coin-card__title coin-posts__title">{t('coin.postsTitle')}</h2>
      <Tabs activeKey={key} onChange={setKey} className="coin-posts__tabs">
        {TRENDS.map(({ key: k }) => (
          <Tabs.Tab key={k} title={<span data-testid={`coin-trend-${k}`}>{t(`report.trend.${k}`)}</span>} />
        ))}
      </Tabs>
      <PagedList id="coin-posts" list={posts} emptyText={t('coin.postsEmpty', { coin })}>
        <div data-testid="coin-post-list">
          {posts.items.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      </PagedList>
    </section>
  );
}
