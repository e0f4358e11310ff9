import { useTranslation } from 'react-i18next';
import { formatFollowersFor } from '../../features/pickers/format';
import type { KolProfile } from '../../features/track/useTrack';

/**
 * The KOL's accounts on every network (issue 17 §2): one line each with the network's name, the
 * handle (a link to the page when it has one) and its own followers. Shown only for a person with
 * more than one account; the header's followers are already the largest.
 */
export function PersonAccounts({ accounts }: { accounts: KolProfile['accounts'] }) {
  const { t, i18n } = useTranslation();
  if (accounts.length < 2) return null;
  return (
    <ul className="kol-profile__accounts" aria-label={t('track.accounts')} data-testid="kol-profile-accounts">
      {accounts.map((a) => {
        const handle = `@${a.username}`;
        return (
          <li key={a.id} className="kol-profile__account" data-testid={`kol-profile-account-${a.id}`}>
            <span className="kol-profile__network">{t(`track.networks.${a.network ?? 'x'}`)}</span>
            {a.url ? (
              <a href={a.url} target="_blank" rel="noopener noreferrer" aria-label={t('track.openNetwork', { handle })}>
                {handle}
              </a>
            ) : (
              <span>{handle}</span>
            )}
            <span className="kol-profile__account-fans">
              {t('kol.detail.followers', { n: formatFollowersFor(a.followersCount, i18n.language) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
