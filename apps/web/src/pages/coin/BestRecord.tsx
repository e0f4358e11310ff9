import type { CoinGroupSplit } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { FailedState, LoadingState } from '../../features/LoadState';
import { RouteLink } from '../../features/RouteLink';
import { LeaderboardList } from '../../features/track/LeaderboardRow';
import { useLeaderboard } from '../../features/track/useTrack';

/** How many of the leaderboard's first page the card shows; "See all" opens the whole board. */
const SHOWN = 5;

/**
 * "Best record on BTC": the picked group's members by the hit rate of their calls on this coin
 * (kol/leaderboard with the coin: the track record's per-coin figures), at 24 h; the first few,
 * and the group's leaderboard on this coin for the rest.
 */
export function BestRecord({ coin, group }: { coin: string; group: CoinGroupSplit }) {
  const { t } = useTranslation();
  const board = useLeaderboard(group.kolGroupId, '24h', coin, t('coin.loadFailed'));
  const all = `/kol-management/${encodeURIComponent(group.kolGroupId)}?tab=leaderboard&coin=${encodeURIComponent(coin)}`;
  let body: React.ReactNode;
  if (board.loading) body = <LoadingState className="track-list__state" testId="coin-best-loading" />;
  else if (board.error) body = <FailedState className="track-list__state" testId="coin-best-error" load={board} />;
  else if (board.items.length === 0)
    body = (
      <p className="track-list__state" data-testid="coin-best-empty">
        {t('coin.bestEmpty', { coin })}
      </p>
    );
  else body = <LeaderboardList rows={board.items.slice(0, SHOWN)} testId="coin-best-list" />;
  return (
    <section className="coin-card" data-testid="coin-best" data-group={group.kolGroupId}>
      <div className="coin-card__row">
        <h2 className="coin-card__title">{t('coin.bestTitle', { coin })}</h2>
        {board.items.length > 0 && (
          <RouteLink to={all} className="coin-card__more" testId="coin-best-all">
            {t('coin.bestAll')}
          </RouteLink>
        )}
      </div>
      <p className="coin-card__hint">{t('coin.bestHint', { group: group.name, coin })}</p>
      {body}
    </section>
  );
}
