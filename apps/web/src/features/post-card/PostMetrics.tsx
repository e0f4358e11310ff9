import type { Post } from '@kolscope/contract';
import { EyeOutline, HeartOutline, LoopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatFollowersFor } from '../pickers/format';

const ITEMS = [
  { key: 'likes', field: 'likeCount', Icon: HeartOutline },
  { key: 'reposts', field: 'repostCount', Icon: LoopOutline },
  { key: 'views', field: 'viewCount', Icon: EyeOutline },
] as const;

/**
 * Likes, reposts and views in one muted row, compact (1.2k, 1.2万) like the follower counts.
 * A zero shows the icon alone, as X does; a count the network did not report is left out (it is
 * unknown, not 0), and nothing at all shows when the source gives no counts.
 */
export function PostMetrics({ metrics }: { metrics: Post['metrics'] }) {
  const { t } = useTranslation();
  if (!metrics || ITEMS.every(({ field }) => metrics[field] === undefined)) return null;
  return (
    <div className="post-card__metrics" data-testid="post-metrics">
      {ITEMS.map(({ key, field, Icon }) => {
        const n = metrics[field];
        if (n === undefined) return null;
        const text = n > 0 ? formatFollowersFor(n, currentLanguage) : '';
        return (
          <span
            key={key}
            className="post-card__metric"
            data-testid={`post-${key}`}
            role="img"
            aria-label={t(`post.metrics.${key}`, { n: n.toLocaleString(currentLanguage) })}
          >
            <Icon aria-hidden="true" />
            {text && <span>{text}</span>}
          </span>
        );
      })}
    </div>
  );
}
