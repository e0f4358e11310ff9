import type { Post } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';

/** An account's picture, or its initial when it has none or the image fails to load. */
export function Avatar({ user, small }: { user: Pick<Post['user'], 'icon' | 'name' | 'username'>; small?: boolean }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const size = small ? ' post-card__avatar--small' : '';
  const initial = (user.name || user.username || '?').trim().charAt(0).toUpperCase();
  if (!user.icon || failed) {
    return (
      <span
        className={`post-card__avatar post-card__avatar--initial${size}`}
        role="img"
        aria-label={t('post.avatar', { name: user.name })}
      >
        {initial}
      </span>
    );
  }
  return (
    <img
      className={`post-card__avatar${size}`}
      src={imageSrc(user.icon)}
      alt={t('post.avatar', { name: user.name })}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
