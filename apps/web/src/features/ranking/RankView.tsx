import { RANK_MIN_KOLS, type RankItem } from '@kolscope/contract';
import { Button, PullToRefresh } from 'antd-mobile';
import { ExclamationCircleOutline, HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { HistoryNote } from '../history/HistoryNote';
import { CopiesOnceNote } from '../report/CopiesOnceNote';
import { navigateTo } from '../../app/navigation';
import { CoinLink } from '../coin/CoinLink';
import { coinPath } from '../coin/coinPath';
import { PriceChange } from '../prices/PriceChange';
import { BestCallersLink } from '../track/BestCallersLink';
import { AvatarStrip } from './AvatarStrip';
import { formatGrowth, formatRankValue, formatUpdateTime, type RankColumn, rankColumn, windowOf } from './rankFormat';
import { rankDisplay } from './rankState';
import { useRanking } from './useRanking';
import './rank.css';
import { imageSrc } from '../../api/imageSrc';
import { RetryButton } from '../RetryButton';
import { LoadingState } from '../LoadState';

function Row({ item, column, fastestRising }: { item: RankItem; column: RankColumn; fastestRising: boolean }) {
  const { t } = useTranslation();
  const growth = item.growth;
  return (
    // The row opens the coin's page (issue 29); its coin cell is the link a keyboard or a reader
    // reaches, and the avatars keep their own taps (RouteLink stops theirs here).
    <tr
      className="rank-row rank-row--link"
      data-testid="rank-row"
      data-coin={item.coin}
      data-rank={item.rank}
      onClick={() => navigateTo(coinPath(item.coin))}
    >
      <td className="rank-col-rank">
        <span className={`rank-no${item.rank <= 3 ? ` rank-no--top${item.rank}` : ''}`}>{item.rank}</span>
      </td>
      <td className="rank-col-coin">
        <div className="rank-coin-cell">
          <CoinLink coin={item.coin} className="rank-coin" testId="rank-coin">
            <img className="rank-coin__icon" src={imageSrc(item.icon)} alt="" loading="lazy" width={24} height={24} />
            <span className="rank-coin__text">
              <span className="rank-coin__line">
                <span className="rank-coin__name">{item.coin}</span>
                {item.isNew && (
                  <span className="rank-badge" data-testid="rank-new">
                    {t('rank.new')}
                  </span>
                )}
              </span>
              <PriceChange price={item.price} change24h={item.change24h} testId="rank-price" />
            </span>
          </CoinLink>
          {/* Its best callers over all KOLs (issue 33 §4): beside the coin's link, not inside it. */}
          <BestCallersLink coin={item.coin} compact testId="rank-best-callers" />
        </div>
      </td>
      <td className="rank-col-value">
        <span className="rank-value" data-testid="rank-hot">
          {formatRankValue(item.hot, column)}
        </span>
        {/* A coin with nothing before has no growth: NEW, unless its new-entry badge says so already. */}
        {fastestRising && !(growth === undefined && item.isNew) && (
          <span
            className={`rank-growth${growth === undefined || growth > 0 ? ' rank-growth--up' : growth < 0 ? ' rank-growth--down' : ''}`}
            data-testid="rank-growth"
          >
            {growth === undefined ? t('rank.new') : formatGrowth(growth)}
          </span>
        )}
      </td>
      <td className="rank-col-people">
        <AvatarStrip
          people={item.usersWhistleblower}
          total={item.kolCount}
          testId="rank-whistleblowers"
          label={t('rank.whistleblowersHint')}
        />
      </td>
      <td className="rank-col-people">
        <AvatarStrip people={item.usersCrown} total={item.kolCount} testId="rank-crowns" label={t('rank.crownsHint')} />
      </td>
    </tr>
  );
}

/**
 * The rank view (spec section 2, "Rank view"): rank, coin, hot value and the avatar strips of the
 * first KOLs to post (whistleblowers) and the most followed ones (crowns), the update time, and
 * load more by cursor. Used by ranking_list views and the Hot Coins tab.
 */
export default function RankView({ viewId }: { viewId: string }) {
  const { t, i18n } = useTranslation();
  const { state, reload, refresh, loadMore } = useRanking(viewId);
  const display = rankDisplay(state);
  const indicator = state.sortingIndicatorType;
  // The page says which comparisons the view makes: the growth figures and the note follow them.
  const fastestRising = state.fastestRising;
  const newEntries = state.newCoinEntry;
  const win = windowOf(state.statRangeSeconds);
  // One format for the whole value column, from every row shown.
  const column = rankColumn(
    state.items.map((i) => i.hot),
    indicator,
    i18n.language,
  );

  let body: React.ReactNode;
  if (display === 'spinner') {
    body = <LoadingState className="rank-state" testId="rank-loading" />;
  } else if (display === 'error') {
    body = (
      <div className="rank-state" data-testid="rank-error" role="alert">
        <ExclamationCircleOutline className="rank-state__icon" />
        <div className="rank-state__title">{state.error}</div>
        <RetryButton testId="rank-retry" onClick={() => void reload()}>
          {t('rank.reload')}
        </RetryButton>
      </div>
    );
  } else if (display === 'empty') {
    body = (
      <div className="rank-state" data-testid="rank-empty">
        <HistogramOutline className="rank-state__icon" />
        <div className="rank-state__title">{t('rank.emptyTitle')}</div>
        <div className="rank-state__body">
          {fastestRising ? t('rank.emptyRisingBody', { min: RANK_MIN_KOLS }) : t('rank.emptyBody')}
        </div>
      </div>
    );
  } else {
    body = (
      <>
        <table className="rank-table" data-testid="rank-table" data-indicator={indicator}>
          <thead>
            <tr>
              <th className="rank-col-rank" scope="col">
                #
              </th>
              <th className="rank-col-coin" scope="col">
                {t('rank.coin')}
              </th>
              <th className="rank-col-value" scope="col">
                {t(`rank.indicator.${indicator}`)}
              </th>
              <th className="rank-col-people" scope="col" title={t('rank.whistleblowersHint')}>
                {t('rank.whistleblowers')}
              </th>
              <th className="rank-col-people" scope="col" title={t('rank.crownsHint')}>
                {t('rank.crowns')}
              </th>
            </tr>
          </thead>
          <tbody>
            {state.items.map((item) => (
              <Row key={item.coin} item={item} column={column} fastestRising={fastestRising} />
            ))}
          </tbody>
        </table>
        <CopiesOnceNote testId="rank-copies-once" className="rank-copies-once" />
        {(fastestRising || newEntries) && (
          <div className="rank-note" data-testid="rank-note">
            {fastestRising && <p>{t('rank.risingNote', { min: RANK_MIN_KOLS })}</p>}
            {newEntries && <p>{t('rank.newNote', { min: RANK_MIN_KOLS })}</p>}
          </div>
        )}
        <div className="rank-footer">
          {state.more === 1 ? (
            <Button
              fill="none"
              color="primary"
              size="small"
              data-testid="rank-more"
              loading={state.loadingMore}
              onClick={() => void loadMore()}
            >
              {t('rank.loadMore')}
            </Button>
          ) : (
            <span data-testid="rank-end">{t('rank.noMore')}</span>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="rank-view" data-testid="rank-view" data-view-id={viewId}>
      <PullToRefresh onRefresh={refresh}>
        {state.loaded && (
          <div className="rank-meta">
            <span data-testid="rank-update-time" data-time={state.updateTime}>
              {t('rank.updated', { time: formatUpdateTime(state.updateTime) })}
            </span>
            <span className="rank-meta__window" data-testid="rank-window">
              {t(`rank.window.${win.unit}`, { count: win.count })}
            </span>
          </div>
        )}
        {state.loaded && <HistoryNote windowStart={state.updateTime - state.statRangeSeconds} />}
        {body}
      </PullToRefresh>
    </div>
  );
}
