import { type LeaderboardRow as LeaderboardRowData, TRACK_MIN_CALLS } from '@kolscope/contract';
import { Avatar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';
import { formatHitRate } from './format';
import { KolLink } from './KolLink';
import { Return } from './Return';
import './leaderboard.css';

/**
 * One member on a leaderboard: rank, who (a link to the profile), the hit rate with its lower
 * bound, calls and median excess return; below TRACK_MIN_CALLS calls the calls only, unranked.
 */
export function LeaderboardRow({ row }: { row: LeaderboardRowData }) {
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

/** Rows in order, with a "Fewer than 10 calls" divider before the first unrated member. */
export function LeaderboardList({ rows, testId }: { rows: readonly LeaderboardRowData[]; testId: string }) {
  const { t } = useTranslation();
  const firstFew = rows.findIndex((r) => r.hitRate === null);
  return (
    <ul className="kol-board__list" data-testid={testId}>
      {rows.flatMap((row, i) => {
        const el = <LeaderboardRow key={row.user.id} row={row} />;
        if (i !== firstFew) return [el];
        return [
          <li key="few" className="kol-board__few" data-testid="kol-board-few">
            {t('track.leaderboard.fewHeading', { min: TRACK_MIN_CALLS })}
          </li>,
          el,
        ];
      })}
    </ul>
  );
}
