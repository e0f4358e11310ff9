import type { Post } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';

type Kind = 'blue' | 'business' | 'government';

/** Business gets gold and government grey (X's own colours); otherwise blue-verified gets blue. */
export function badgeKind(user: Pick<Post['user'], 'isBlueVerified' | 'verifiedType'>): Kind | null {
  if (user.verifiedType === 'business') return 'business';
  if (user.verifiedType === 'government') return 'government';
  if (user.isBlueVerified || user.verifiedType === 'blue') return 'blue';
  return null;
}

/** The verified badge: display only (spec: "Badges are display only"). */
export function VerifiedBadge({ user }: { user: Pick<Post['user'], 'isBlueVerified' | 'verifiedType'> }) {
  const { t } = useTranslation();
  const kind = badgeKind(user);
  if (!kind) return null;
  const label = t(`post.verified.${kind}`);
  return (
    <svg
      className={`post-card__badge post-card__badge--${kind}`}
      data-badge={kind}
      viewBox="0 0 22 22"
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      {/* X's scalloped rosette with a tick. */}
      <path
        fill="currentColor"
        d="M20.4 11c0-1.3-.8-2.5-2-3 .3-1.3 0-2.7-1-3.6-1-.9-2.3-1.2-3.6-.9-.6-1.2-1.8-2-3.2-2s-2.5.8-3.1 2c-1.3-.3-2.7 0-3.6.9-1 .9-1.3 2.3-1 3.6-1.2.5-2 1.7-2 3s.8 2.5 2 3.1c-.3 1.3 0 2.7 1 3.6.9.9 2.3 1.3 3.6 1 .6 1.2 1.7 2 3.1 2s2.6-.8 3.2-2c1.3.3 2.6-.1 3.6-1 .9-.9 1.3-2.3 1-3.6 1.2-.6 2-1.8 2-3.1z"
      />
      <path fill="#fff" d="M9.6 14.9 6.1 11.4l1.3-1.3 2.2 2.2 4.9-5.3 1.4 1.2z" />
    </svg>
  );
}
