import { Avatar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';
import { formatFollowersFor } from '../../features/pickers/format';
import { VerifiedBadge } from '../../features/post-card/VerifiedBadge';
import type { KolProfile } from '../../features/track/useTrack';
import { PersonAccounts } from './PersonAccounts';

/** Who the KOL is: avatar, name, handle (a link to their network page), followers, and the user's groups holding them. */
export function ProfileHeader({ profile }: { profile: KolProfile }) {
  const { t, i18n } = useTranslation();
  const { user, url, groups } = profile;
  const handle = `@${user.username}`;
  return (
    <section className="kol-profile__head" data-testid="kol-profile-header">
      <Avatar src={imageSrc(user.icon)} className="kol-profile__avatar" />
      <div className="kol-profile__who">
        <h1 className="kol-profile__name">
          <span className="kol-profile__name-text" data-testid="kol-profile-name">
            {user.name || user.username}
          </span>
          <VerifiedBadge
            user={{ isBlueVerified: Boolean(user.isBlueVerified), verifiedType: user.verifiedType ?? '' }}
          />
        </h1>
        <p className="kol-profile__sub">
          {url ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="kol-profile__handle"
              data-testid="kol-profile-handle"
              aria-label={t('track.openNetwork', { handle })}
            >
              {handle}
            </a>
          ) : (
            <span className="kol-profile__handle" data-testid="kol-profile-handle">
              {handle}
            </span>
          )}
          <span aria-hidden="true"> · </span>
          <span data-testid="kol-profile-followers">
            {t('kol.detail.followers', { n: formatFollowersFor(user.followersCount, i18n.language) })}
          </span>
        </p>
        <PersonAccounts accounts={profile.accounts} />
        {groups.length > 0 && (
          <ul className="kol-profile__groups" aria-label={t('track.inGroups')}>
            {groups.map((g) => (
              <li key={g.groupId} className="kol-profile__group" data-testid={`kol-profile-group-${g.groupId}`}>
                {g.name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
