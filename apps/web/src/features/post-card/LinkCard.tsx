import type { Post } from '@kolscope/contract';
import { imageSrc } from '../../api/imageSrc';
import { domainOf } from './postText';

/**
 * The link preview a network attached to the post (a Bluesky external embed, a Telegram web
 * page): image, domain, title and description, the whole card one link to the page.
 */
export function LinkCard({ card }: { card: NonNullable<Post['card']> }) {
  return (
    <a
      className="post-card__link-card"
      href={card.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="post-link-card"
    >
      {card.thumb && (
        <img
          className="post-card__link-card-thumb"
          src={imageSrc(card.thumb)}
          alt=""
          loading="lazy"
          decoding="async"
          onError={(e) => {
            e.currentTarget.style.display = 'none';
          }}
        />
      )}
      <span className="post-card__link-card-body">
        <span className="post-card__link-card-domain">{domainOf(card.url)}</span>
        {card.title && <span className="post-card__link-card-title">{card.title}</span>}
        {card.description && <span className="post-card__link-card-description">{card.description}</span>}
      </span>
    </a>
  );
}
