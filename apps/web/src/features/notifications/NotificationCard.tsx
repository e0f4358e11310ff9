import type { NotificationItem } from '@kolscope/contract';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinLink } from '../coin/CoinLink';
import { brandStyle, hasBrand } from '../networks/brands';
import { ImageGrid } from '../post-card/ImageGrid';
import { PostCopies } from '../post-card/PostCopies';
import { PostText } from '../post-card/PostText';
import { RelativeTime } from '../post-card/RelativeTime';
import '../post-card/post-card.css';
import './notifications.css';
import { imageSrc } from '../../api/imageSrc';

function Avatar({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const who = item.name || item.username || item.title;
  const label = t('post.avatar', { name: who });
  if (!item.avatar || failed) {
    return (
      <span
        className={`post-card__avatar post-card__avatar--initial${hasBrand(item.source) ? ' notify-card__avatar--brand' : ''}`}
        style={brandStyle(item.source)}
        role="img"
        aria-label={label}
      >
        {(who.trim().charAt(0) || '?').toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="post-card__avatar"
      src={imageSrc(item.avatar)}
      alt={label}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * One notification (spec section 2, "Notification view"): avatar, username, publish time,
 * content, tags and images, with the source it came from. An X post shows its author's name and
 * handle; a forwarded message its sender and, when different, the chat it was sent in.
 */
export const NotificationCard = memo(function NotificationCard({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const isPost = item.id.startsWith('p:');
  return (
    <article
      className="post-card notify-card"
      data-testid="notification-card"
      data-id={item.id}
      data-source={item.source}
    >
      <Avatar item={item} />
      <div className="post-card__main">
        <header className="post-card__head">
          <span className="post-card__name" data-testid="notification-username">
            {isPost ? item.name || item.username : item.username || item.title}
          </span>
          {isPost && <span className="post-card__handle">@{item.username}</span>}
          <span className="post-card__dot" aria-hidden="true">
            ·
          </span>
          <RelativeTime ct={item.publishTime} />
          <span
            className={`notify-card__source notify-card__source--${item.source}${hasBrand(item.source) ? ' notify-card__source--brand' : ''}`}
            style={brandStyle(item.source)}
            data-testid="notification-source"
          >
            {t(`notify.source.${item.source}`)}
          </span>
        </header>
        {item.title && <div className="notify-card__chat">{t('notify.inChat', { title: item.title })}</div>}
        {item.content && <PostText text={item.content} />}
        <ImageGrid medias={item.images} />
        {item.tags.length > 0 && (
          <div className="post-card__tags">
            {item.tags.map((tag) =>
              // A coin tag opens the coin's page, as a post card's coin chips do (issue 29).
              tag.startsWith('$') ? (
                <CoinLink
                  key={tag}
                  coin={tag}
                  className="post-card__tag post-card__tag--coin post-card__tag--link"
                  testId="notification-tag"
                >
                  {tag}
                </CoinLink>
              ) : (
                <span key={tag} className="post-card__tag" data-testid="notification-tag">
                  #{tag}
                </span>
              ),
            )}
          </div>
        )}
        {item.copies && <PostCopies copies={item.copies} />}
      </div>
    </article>
  );
});
