import { TRACK_HORIZONS, type TrackHorizon } from '@kolscope/contract';
import { CloseCircleFill, DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../features/IconButton';
import { RecordsHistoryNote } from '../../features/history/HistoryNote';
import { CoinPicker } from '../../features/pickers/CoinPicker';
import { FollowView } from '../../features/track/FollowView';
import { HorizonSwitch } from '../../features/track/HorizonSwitch';
import { LeaderboardList } from '../../features/track/LeaderboardRow';
import { PagedList } from '../../features/track/PagedList';
import { useLeaderboard } from '../../features/track/useTrack';
import { oneOf, useUrlChoice } from '../../features/track/useUrlChoice';
import '../../features/track/track.css';
import '../../features/track/follow.css';

const SHOWS = ['rank', 'follow'] as const;
type Show = (typeof SHOWS)[number];

/** A coin symbol as the leaderboard call takes it (upper case, at most 20 characters). */
const isCoin = (value: string): value is string => /^[A-Z0-9]{1,20}$/.test(value);

/**
 * A group's members by the lower bound of their hit rate: a KOL right 6 times out of 6 ranks
 * below one right 60 times out of 80. Members under TRACK_MIN_CALLS calls follow, unrated.
 * "Follow the group" beside it: every call of the members taken, against holding BTC (the
 * horizon is shared; the coin narrows the ranking only). `groupId` 'all': every tracked KOL.
 */
export function Leaderboard({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const [horizon, setHorizon] = useUrlChoice<TrackHorizon>('h', '24h', oneOf(TRACK_HORIZONS));
  const [coin, setCoin] = useUrlChoice('coin', '', isCoin);
  const [show, setShow] = useUrlChoice<Show>('show', 'rank', oneOf(SHOWS));
  const [picking, setPicking] = useState(false);
  const board = useLeaderboard(groupId, horizon, coin, t('kol.detail.loadFailed'));
  const following = show === 'follow';

  return (
    <section className="kol-board" data-testid="kol-board">
      <RecordsHistoryNote />
      <fieldset className="follow-switch" aria-label={t('follow.switchLabel')}>
        {SHOWS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={show === key}
            className={`follow-switch__item${show === key ? ' follow-switch__item--on' : ''}`}
            data-testid={`kol-board-show-${key}`}
            onClick={() => setShow(key)}
          >
            {t(key === 'rank' ? 'follow.ranking' : 'follow.follow')}
          </button>
        ))}
      </fieldset>
      <div className="kol-board__controls">
        <HorizonSwitch value={horizon} onChange={setHorizon} />
        {!following && (
          <div className="kol-board__coin">
            <button
              type="button"
              className="kol-board__coin-pick"
              data-testid="kol-board-coin"
              aria-label={t('track.leaderboard.coin')}
              onClick={() => setPicking(true)}
            >
              {coin ? `$${coin}` : t('track.leaderboard.allCoins')} <DownOutline />
            </button>
            {coin && (
              <IconButton
                testId="kol-board-coin-clear"
                label={t('track.leaderboard.clearCoin')}
                className="kol-board__coin-clear"
                onClick={() => setCoin('')}
              >
                <CloseCircleFill />
              </IconButton>
            )}
          </div>
        )}
      </div>
      {following ? (
        <FollowView groupId={groupId} horizon={horizon} />
      ) : (
        <PagedList id="kol-board" list={board} emptyText={t('track.leaderboard.empty')}>
          <LeaderboardList rows={board.items} testId="kol-board-list" />
        </PagedList>
      )}
      <CoinPicker
        visible={picking}
        value={coin ? [coin] : []}
        title={t('track.leaderboard.coin')}
        onClose={() => setPicking(false)}
        onConfirm={(coins) => setCoin(coins[0]?.coin ?? '')}
      />
    </section>
  );
}
