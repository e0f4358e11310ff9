import {
  MINDSHARE_BY,
  type MindshareBy,
  type MindshareData,
  type MindshareItem,
  REPORT_PERIODS,
  type ReportPeriod,
} from '@kolscope/contract';
import { PullToRefresh } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';
import { CoinLink } from '../coin/CoinLink';
import { FailedState, LoadingState } from '../LoadState';
import { formatFollowersFor } from '../pickers/format';
import { CopiesOnceNote } from '../report/CopiesOnceNote';
import { barWidths, percent, points } from './mindshareState';
import { StackedShareChart } from './StackedShareChart';
import { useMindshare } from './useMindshare';
import './mindshare.css';

/** A row of two or three buttons of which one is on (the coin/sector switch, the period). */
function Switch<T extends string>({
  values,
  value,
  label,
  onChange,
  testId,
}: {
  values: readonly T[];
  value: T;
  label: (v: T) => string;
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <div className="ms-switch" data-testid={testId}>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          className={`ms-switch__button${v === value ? ' ms-switch__button--on' : ''}`}
          aria-pressed={v === value}
          data-testid={`${testId}-${v}`}
          onClick={() => onChange(v)}
        >
          {label(v)}
        </button>
      ))}
    </div>
  );
}

function Row({ item, rank, width, data }: { item: MindshareItem; rank: number; width: number; data: MindshareData }) {
  const { t, i18n } = useTranslation();
  const change = points(item.change);
  const coin = data.by === 'coin';
  return (
    <li
      className="ms-row"
      data-testid="mindshare-row"
      data-key={item.key}
      data-share={item.share}
      data-count={item.count}
    >
      <span className="ms-row__rank">{rank}</span>
      <span className="ms-row__main">
        <span className="ms-row__line">
          {coin && <img className="ms-row__icon" src={imageSrc(item.icon)} alt="" width={20} height={20} />}
          {coin ? (
            // A coin opens its page (issue 29), as everywhere a coin is shown.
            <CoinLink coin={item.key} className="ms-row__name" testId="mindshare-coin">
              {item.key}
            </CoinLink>
          ) : (
            <span className="ms-row__name">{t(`mindshare.sector.${item.key}`)}</span>
          )}
          <span className="ms-row__count">
            {t('mindshare.posts', { n: formatFollowersFor(item.count, i18n.language) })}
          </span>
        </span>
        <span className="ms-bar" aria-hidden="true">
          <span className="ms-bar__fill" style={{ width: `${width}%` }} />
        </span>
      </span>
      <span className="ms-row__figures">
        <span className="ms-row__share" data-testid="mindshare-share">
          {percent(item.share)}
        </span>
        {change ? (
          <span className={`ms-change ms-change--${change.dir}`} data-testid="mindshare-change">
            {t('mindshare.points', { value: change.text })}
          </span>
        ) : (
          <span className="ms-change ms-change--flat" data-testid="mindshare-change">
            —
          </span>
        )}
      </span>
    </li>
  );
}

/**
 * A mindshare view (issue 33 §2): the coin/sector switch and the period, what the shares are of,
 * the stacked chart of the first five, and the ranked list with bars and the change in points.
 */
export default function MindshareView({ viewId }: { viewId: string }) {
  const { t, i18n } = useTranslation();
  const [by, setBy] = useState<MindshareBy>('coin');
  const [period, setPeriod] = useState<ReportPeriod | ''>('');
  const { state, reload } = useMindshare(viewId, by, period);
  const data = state.data;
  const shownPeriod = period || data?.period || '1d';
  const labelOf = (key: string) => (by === 'coin' ? key : t(`mindshare.sector.${key}`));
  const count = (n: number) => formatFollowersFor(n, i18n.language);

  let body: React.ReactNode;
  if (state.loading && !data) body = <LoadingState className="ms-state" testId="mindshare-loading" />;
  else if (state.error && !data)
    body = <FailedState className="ms-state" testId="mindshare-error" load={{ error: state.error, retry: reload }} />;
  else if (data) {
    const widths = barWidths(data.list.map((i) => i.share));
    body = (
      <>
        <p className="ms-basis" data-testid="mindshare-basis">
          {t('mindshare.basis', {
            group: t(data.kolGroupId ? 'mindshare.groupPosts' : 'mindshare.allKols'),
            posts: count(data.posts),
            previous: count(data.previousPosts),
            period: t(`mindshare.periodLong.${data.period}`),
          })}
        </p>
        {data.posts === 0 ? (
          <p className="ms-state" data-testid="mindshare-empty">
            {t('mindshare.empty')}
          </p>
        ) : (
          <>
            <section className="ms-card">
              <h3 className="ms-card__title">{t('mindshare.chartTitle')}</h3>
              <StackedShareChart data={data} labelOf={labelOf} />
            </section>
            <section className="ms-card">
              <div className="ms-list__head">
                <span>{t(`mindshare.by.${data.by}`)}</span>
                <span>{t('mindshare.change')}</span>
              </div>
              <ol className="ms-list" data-testid="mindshare-list">
                {data.list.map((item, i) => (
                  <Row key={item.key} item={item} rank={i + 1} width={widths[i] ?? 0} data={data} />
                ))}
              </ol>
            </section>
          </>
        )}
        <CopiesOnceNote className="ms-note" testId="mindshare-copies-once" />
      </>
    );
  }

  return (
    <div className="ms-view" data-testid="mindshare-view" data-by={by} data-period={shownPeriod}>
      <div className="ms-controls">
        <Switch
          values={MINDSHARE_BY}
          value={by}
          label={(v) => t(`mindshare.by.${v}`)}
          onChange={setBy}
          testId="mindshare-by"
        />
        <Switch
          values={REPORT_PERIODS}
          value={shownPeriod}
          label={(v) => t(`mindshare.periods.${v}`)}
          onChange={setPeriod}
          testId="mindshare-period"
        />
      </div>
      <PullToRefresh onRefresh={reload}>{body}</PullToRefresh>
    </div>
  );
}
