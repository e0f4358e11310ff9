import { FOLLOW_DAYS, type FollowCall, type TrackHorizon } from '@kolscope/contract';
import { Avatar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';
import { CoinLink } from '../coin/CoinLink';
import { FailedState, LoadingState } from '../LoadState';
import { RelativeTime } from '../post-card/RelativeTime';
import { FollowChart } from './FollowChart';
import { formatPercent, formatSignedReturn } from './format';
import { KolLink } from './KolLink';
import { PagedList } from './PagedList';
import { Return } from './Return';
import { type FollowSummary, useFollowCalls, useFollowSummary } from './useFollow';
import './follow.css';

function Figures({ data }: { data: FollowSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <dl className="follow-figures" data-testid="follow-figures">
      <div>
        <dt>{t('follow.calls')}</dt>
        <dd data-testid="follow-calls">{data.calls}</dd>
        {data.pending > 0 && <dd className="follow-figures__sub">{t('follow.pending', { count: data.pending })}</dd>}
      </div>
      <div>
        <dt>{t('follow.hitRate')}</dt>
        <dd data-testid="follow-hit-rate" data-hits={data.hits}>
          {data.hitRate === null ? '—' : formatPercent(data.hitRate, lang)}
        </dd>
        <dd className="follow-figures__sub">{t('follow.hitRateFew', { hits: data.hits, calls: data.calls })}</dd>
      </div>
      <div>
        <dt>{t('follow.median')}</dt>
        <dd>
          <Return value={data.medianReturn} testId="follow-median" />
        </dd>
      </div>
      <div>
        <dt>{t('follow.drawdown')}</dt>
        <dd data-testid="follow-drawdown">
          {data.maxDrawdown === null ? '—' : formatSignedReturn(-data.maxDrawdown, lang)}
        </dd>
      </div>
      <div>
        <dt>{t('follow.result')}</dt>
        <dd>
          <Return value={data.finalReturn} testId="follow-final" />
        </dd>
      </div>
      <div>
        <dt>{t('follow.btc')}</dt>
        <dd>
          <Return value={data.btcReturn} testId="follow-btc" />
        </dd>
      </div>
    </dl>
  );
}

function CallRow({ call }: { call: FollowCall }) {
  const { t } = useTranslation();
  const name = call.user.name || call.user.username;
  return (
    <li className="follow-call" data-testid="follow-call" data-post={call.postId} data-coin={call.coin}>
      <KolLink
        userId={call.user.id}
        className="follow-call__who"
        label={t('track.openProfile', { name })}
        testId="follow-call-kol"
      >
        <Avatar src={imageSrc(call.user.icon)} className="follow-call__avatar" />
        <span className="follow-call__name">{name}</span>
      </KolLink>
      <span className="follow-call__what">
        <CoinLink coin={call.coin} className="follow-call__coin" testId="follow-call-coin">
          ${call.coin}
        </CoinLink>
        <span className={`track-chip track-chip--${call.stance}`}>
          {t(call.stance === 'bullish' ? 'follow.long' : 'follow.short')}
        </span>
        <span className="follow-call__time">
          <RelativeTime ct={call.ct} />
        </span>
      </span>
      <span className="follow-call__ret" data-testid="follow-call-ret" data-ret={call.ret ?? ''}>
        {call.ret === null ? t('follow.callPending') : <Return value={call.ret} />}
      </span>
    </li>
  );
}

/**
 * "Follow the group" on a leaderboard tab: what taking every call of the members (equal shares,
 * out at the horizon, bearish ones short) made against holding BTC, and the calls behind it.
 */
export function FollowView({ groupId, horizon }: { groupId: string; horizon: TrackHorizon }) {
  const { t } = useTranslation();
  const failed = t('kol.detail.loadFailed');
  const summary = useFollowSummary(groupId, horizon, failed);
  const calls = useFollowCalls(groupId, horizon, failed);
  const data = summary.data;
  let body: React.ReactNode;
  if (summary.loading) body = <LoadingState className="track-list__state" testId="follow-loading" />;
  else if (summary.error || !data)
    body = <FailedState className="track-list__state" testId="follow-error" load={summary} />;
  else
    body = (
      <>
        <Figures data={data} />
        {data.curve.length > 1 ? (
          <FollowChart points={data.curve} />
        ) : (
          <p className="track-list__state" data-testid="follow-empty">
            {t('follow.empty', { days: FOLLOW_DAYS })}
          </p>
        )}
      </>
    );
  return (
    <section className="follow" data-testid="follow" data-horizon={horizon}>
      <div className="follow-card">
        <h3 className="follow-card__title">{t('follow.title')}</h3>
        <p className="follow-card__hint">
          {t('follow.hint', { days: FOLLOW_DAYS, horizon: t(`track.horizons.${horizon}`) })}
        </p>
        {body}
      </div>
      <h3 className="follow-calls__title">{t('follow.callsTitle')}</h3>
      <PagedList id="follow-calls" list={calls} emptyText={t('follow.callsEmpty')}>
        <ul className="follow-calls" data-testid="follow-call-list">
          {calls.items.map((c) => (
            <CallRow key={`${c.postId}|${c.coin}`} call={c} />
          ))}
        </ul>
      </PagedList>
    </section>
  );
}
