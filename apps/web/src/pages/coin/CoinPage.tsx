import { useState } from 'react';
import { useParams } from 'react-router';
import { coinSymbolOf } from '../../features/coin/coinPath';
import { HistoryNote } from '../../features/history/HistoryNote';
import { periodStart } from '../../features/history/historyState';
import { FailedState, LoadingState } from '../../features/LoadState';
import { PageNavBar } from '../../features/PageNavBar';
import { PeriodIntervalBar } from '../../features/report/PeriodIntervalBar';
import { DEFAULT_SELECTION } from '../../features/report/selection';
import { BestRecord } from './BestRecord';
import { CoinHeader } from './CoinHeader';
import { CoinPosts } from './CoinPosts';
import { pickGroup } from './coinPage';
import { GroupSplits } from './GroupSplits';
import { MentionsCard } from './MentionsCard';
import { useCoinOverview } from './useCoin';
import '../../features/report/report.css';
import '../../features/track/track.css';
import './coin.css';

function CoinBody({ coin }: { coin: string }) {
  const [selection, setSelection] = useState(DEFAULT_SELECTION);
  const [picked, setPicked] = useState<string | null>(null);
  const { state, reload } = useCoinOverview(coin, selection);
  const data = state.data;
  const group = data ? pickGroup(data.groups, picked) : null;
  const failed = state.error && !state.loading ? { error: state.error, retry: () => void reload() } : null;
  return (
    <>
      {!data && !failed && <LoadingState className="coin-page__state" testId="coin-loading" />}
      {!data && failed && <FailedState className="coin-page__state" testId="coin-error" load={failed} />}
      {data && (
        <>
          <CoinHeader overview={data} />
          <PeriodIntervalBar selection={selection} onChange={setSelection} />
          <HistoryNote windowStart={periodStart(selection.period, Math.floor(Date.now() / 1000))} />
          {failed && <FailedState className="coin-page__state" testId="coin-error" load={failed} />}
          <MentionsCard mentions={data.mentions} period={selection.period} />
          <GroupSplits overview={data} group={group} loading={state.loading} onPick={setPicked} />
          {group && <BestRecord key={group.kolGroupId} coin={data.coin} group={group} />}
          <CoinPosts coin={data.coin} />
        </>
      )}
    </>
  );
}

/**
 * /coin/:symbol (issue 29): one coin, reached from every place a coin is shown (cashtags, coin
 * chips, Hot Coins and ranking rows, a coin opinion's title): price, the split of each of the
 * reader's KOL groups, mentions, the best records on it, its latest posts, "Track this coin".
 */
export default function CoinPage() {
  const coin = coinSymbolOf(useParams().symbol ?? '');
  return (
    <div className="coin-page" data-testid="coin-page" data-coin={coin}>
      <PageNavBar title={<span data-testid="coin-title">${coin}</span>} />
      {/* Keyed by coin: a cashtag tapped on this page opens another coin from scratch. */}
      <CoinBody key={coin} coin={coin} />
    </div>
  );
}
