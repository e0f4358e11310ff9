import type { Post } from '@kolscope/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinLink } from '../coin/CoinLink';
import { SentimentChip } from '../sentiment/SentimentChip';
import { Avatar } from './Avatar';
import { ImageGrid } from './ImageGrid';
import { LinkCard } from './LinkCard';
import { PostCopies } from './PostCopies';
import { PostMetrics } from './PostMetrics';
import { PostText } from './PostText';
import { RelativeTime } from './RelativeTime';
import { NetworkIcon } from '../networks/NetworkIcon';
import { KolLink } from '../track/KolLink';
import { VerifiedBadge } from './VerifiedBadge';
import './post-card.css';

/** "Primary / Sub" per sub-category, or the primary alone when it has none. */
export function categoryLabels(categories: Post['categoryList']): string[] {
  const labels = categories.flatMap((c) => (c.subs.length ? c.subs.map((s) => `${c.name} / ${s.name}`) : [c.name]));
  return [...new Set(labels)];
}

function Tags({ post }: { post: Post }) {
  const categories = categoryLabels(post.categoryList);
  if (post.coinViewList.length === 0 && categories.length === 0 && !post.sentiment) return null;
  return (
    <div className="post-card__tags">
      <SentimentChip post={post} />
      {/* Every coin chip opens the coin's page (issue 29: they opened something only when tracked). */}
      {post.coinViewList.map(({ coin, stance }) => (
        <CoinLink
          key={coin}
          coin={coin}
          className="post-card__tag post-card__tag--coin post-card__tag--link"
          testId="post-coin"
        >
          ${coin}
          <StanceMark coin={coin} stance={stance} />
        </CoinLink>
      ))}
      {categories.map((label) => (
        <span key={label} className="post-card__tag" data-testid="post-category">
          {label}
        </span>
      ))}
    </div>
  );
}

/**
 * A coin the post reads differently from its label ("$BTC weak, $SOL ripping") gets a small dot
 * in the stance's colour on its chip; the label says it in words.
 */
function StanceMark({ coin, stance }: { coin: string; stance: Post['sentiment'] }) {
  const { t } = useTranslation();
  if (!stance) return null;
  const label = t('post.stanceOn', { coin, stance: t(`post.sentiment.${stance}`) });
  return (
    <span
      className={`post-card__stance ks-tone--${stance}`}
      data-testid="post-coin-stance"
      data-stance={stance}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}

/**
 * The post's network mark and age; a link to the original on its network, in a new tab, when it
 * has one. Every post shows its mark, X's too: a feed may mix four networks.
 */
function PostTime({ post }: { post: Post }) {
  const { t } = useTranslation();
  const mark = <NetworkIcon network={post.network} />;
  if (!post.url)
    return (
      <span className="post-card__time-wrap">
        {mark}
        <RelativeTime ct={post.ct} />
      </span>
    );
  return (
    <a
      className="post-card__time-link post-card__time-wrap"
      href={post.url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="post-link"
      aria-label={t('post.openOriginal')}
    >
      {mark}
      <RelativeTime ct={post.ct} />
    </a>
  );
}

/** One post (spec section 2, "Post card"). Memoised: a feed re-renders only the cards that changed. */
export const PostCard = memo(function PostCard({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { user } = post;
  const name = user.name || user.username;
  return (
    <article className="post-card" data-testid="post-card" data-post-id={post.id}>
      {/* The avatar and the name open the author's profile; the rest of the card keeps its own taps. */}
      <KolLink userId={user.id} className="post-card__author-link" testId="post-author-avatar">
        <Avatar user={user} />
      </KolLink>
      <div className="post-card__main">
        <header className="post-card__head">
          <KolLink
            userId={user.id}
            className="post-card__name post-card__author-link"
            label={t('track.openProfile', { name })}
            testId="post-author-name"
          >
            {name}
          </KolLink>
          <VerifiedBadge user={user} />
          <span className="post-card__handle">@{user.username}</span>
          <span className="post-card__dot" aria-hidden="true">
            ·
          </span>
          <PostTime post={post} />
        </header>
        {post.vanished && (
          <p className="post-card__vanished" data-testid="post-vanished">
            {t('post.vanished', { network: t(`network.name.${post.network ?? 'x'}`) })}
          </p>
        )}
        {/* A post without text (a Telegram voice note, a video) may still carry links. */}
        {post.text || post.links?.length ? <PostText text={post.text} links={post.links} /> : null}
        <ImageGrid medias={post.medias} />
        {post.card && <LinkCard card={post.card} />}
        <Tags post={post} />
        {post.copies && <PostCopies copies={post.copies} />}
        <PostMetrics metrics={post.metrics} />
      </div>
    </article>
  );
});
