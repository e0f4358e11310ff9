import type { PostCopies as Copies } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KolLink } from '../track/KolLink';
import { Avatar } from './Avatar';

/**
 * "and 3 others" under a post other accounts copied within minutes (issue 17 §3): their copies
 * are folded into this card. Tapping lists the first few accounts; each opens its profile.
 */
export function PostCopies({ copies }: { copies: Copies }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="post-card__copies">
      <button
        type="button"
        className="post-card__copies-toggle"
        data-testid="post-copies"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t('post.copies', { count: copies.count })}
      </button>
      {open && (
        <ul className="post-card__copies-list" aria-label={t('post.copiesList')} data-testid="post-copies-list">
          {copies.users.map((u) => (
            <li key={u.id}>
              <KolLink userId={u.id} className="post-card__copies-user post-card__author-link" label={u.name}>
                <Avatar user={u} small />
                <span className="post-card__copies-name">{u.name}</span>
                <span className="post-card__handle">@{u.username}</span>
              </KolLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
