import { type LeaderboardRow, TRACK_HORIZONS, TRACK_MIN_CALLS, type TrackHorizon } from '@kolscope/contract';
import { Avatar } from 'antd-mobile';
import { CloseCircleFill, DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';
import { IconButton } from '../../features/IconButton';
import { CoinPicker } from '../../features/pickers/CoinPicker';
import { formatHitRate } from '../../features/track/format';
import { HorizonSwitch } from '../../features/track/HorizonSwitch';
import { KolLink } from '../../features/track/KolLink';
import { PagedList } from '../../features/track/PagedList';
import { Return } from '../../features/track/Return';
import { useLeaderboard } from '../../features/track/useTrack';
import { oneOf, useUrlChoice } from '../../features/track/useUrlChoice';
import '../../features/track/track.css';

/** A coin symbol as the leaderboard call takes it (upper case, at most 20 characters). */
const isCoin = (value: string): value is string => /^[A-Z0-9]{1,20}$/.test(value);

function Row({ row }: { row: LeaderboardRow }) {
  const { t, i18n } = useTranslation();
  const { user } = row;
  const name = user.name || user.username;
  const rated = row.hitRate !== null && row.hitRateLow !== null;
  return (
    <li className="kol-board__row" data-testid={`kol-board-row-${user.id}`} data-rated={rated}>
      <span className="kol-board__rank">{rated ? row.rank : ''}</span>
      <KolLink
        userId={user.id}
        className="kol-board__who"
        label={t('track.openProfile', { name })}
        testId="kol-board-link"
      >
        <Avatar src={imageSrc(user.icon)} className="kol-board__avatar" />
        <span className="kol-board__name">{name}</span>
      </KolLink>
      <span className="kol-board__numbers">
        {rated ? (
          <>
            <span className="kol-board__rate" data-testid="kol-board-rate">
              {formatHitRate(row.hitRate ?? 0, row.hitRateLow ?? 0, i18n.language)}
            </span>
            <span className="kol-board__sub">
              <span data-testid="kol-board-calls">{t('track.leaderboard.callsN', { count: row.calls })}</span>
              {' · '}
              <Return value={row.medianExcess} testId="kol-board-median" />
            </span>
          </>
        ) : (
          <span className="kol-board__sub" data-testid="kol-board-calls">
            {t('track.leaderboard.callsN', { count: row.calls })}
          </span>
        )}
      </span>
    </li>
  );
}

/**
 * A group's members by the lower bound of their hit rate: a KOL right 6 times out of 6 ranks
 * below one right 60 times out of 80. Members under TRACK_MIN_CALLS calls follow, unrated.
 */
export function Leaderboard({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const [horizon, setHorizon] = useUrlChoice<TrackHorizon>('h', '24h', oneOf(TRACK_HORIZONS));
  const [coin, setCoin] = useUrlChoice('coin', '', isCoin);
  const [picking, setPicking] = useState(false);
  const board = useLeaderboard(groupId, horizon, coin, t('kol.detail.loadFailed'));
  const firstFew = board.items.findIndex((r) => r.hitRate === null);

  return (
    <section className="kol-board" data-testid="kol-board">
      <div className="kol-board__controls">
        <HorizonSwitch value={horizon} onChange={setHorizon} />
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
      </div>
      <PagedList id="kol-board" list={board} emptyText={t('track.leaderboard.empty')}>
        <ul className="kol-board__list" data-testid="kol-board-list">
          {board.items.flatMap((row, i) => {
            const el = <Row key={row.user.id} row={row} />;
            if (i !== firstFew) return [el];
            return [
              <li key="few" className="kol-board__few" data-testid="kol-board-few">
                {t('track.leaderboard.fewHeading', { min: TRACK_MIN_CALLS })}
              </li>,
              el,
            ];
          })}
        </ul>
      </PagedList>
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
