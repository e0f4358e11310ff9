import type { OpinionArgument, OpinionArguments, OpinionSummary, SumInfo } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../LoadState';
import { formatFollowersFor } from '../pickers/format';
import { RetryButton } from '../RetryButton';
import type { ReportSelection } from '../report/selection';
import { agreesWith, postsOf } from './argumentsState';
import { useArguments } from './useArguments';
import { useSummary } from './useSummary';
import './arguments.css';

/** Counts as the app shortens them (k/M in English, 万/亿 in Chinese). */
function useCount() {
  const { i18n } = useTranslation();
  return (n: number) => formatFollowersFor(n, i18n.language);
}

function Split({ of, testId }: { of: Pick<SumInfo, 'cntUp' | 'cntNeutral' | 'cntDown'>; testId?: string }) {
  const { t } = useTranslation();
  const count = useCount();
  const total = Math.max(1, postsOf(of));
  return (
    <div
      className="argument-split"
      data-testid={testId}
      data-up={of.cntUp}
      data-neutral={of.cntNeutral}
      data-down={of.cntDown}
    >
      <div className="argument-split__bar" aria-hidden="true">
        <span
          className="argument-split__part argument-split__part--bullish"
          style={{ width: `${(100 * of.cntUp) / total}%` }}
        />
        <span
          className="argument-split__part argument-split__part--neutral"
          style={{ width: `${(100 * of.cntNeutral) / total}%` }}
        />
        <span
          className="argument-split__part argument-split__part--bearish"
          style={{ width: `${(100 * of.cntDown) / total}%` }}
        />
      </div>
      <span className="argument-split__text">
        {t('arguments.split', { up: count(of.cntUp), neutral: count(of.cntNeutral), down: count(of.cntDown) })}
      </span>
    </div>
  );
}

function ArgumentCard({ arg }: { arg: OpinionArgument }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const n = postsOf(arg);
  const names = arg.kols.map((k) => k.name || `@${k.username}`).join(', ');
  return (
    <article className={`argument argument--${arg.side}`} data-testid="argument" data-side={arg.side} data-posts={n}>
      <p className="argument__headline" data-testid="argument-headline">
        {arg.headline}
      </p>
      <Split of={arg} testId="argument-split" />
      <p className="argument__kols">{t('arguments.kols', { names, count: arg.kolCount })}</p>
      <button type="button" className="argument__toggle" data-testid="argument-toggle" onClick={() => setOpen(!open)}>
        {open ? t('arguments.hidePosts') : t('arguments.showPosts', { n, count: n })}
      </button>
      {open && (
        <ul className="argument__posts" data-testid="argument-posts">
          {arg.posts.map((p) => (
            <li key={p.id} className="argument__post">
              <span className={`argument__stance ks-tone--${p.stance}`}>{t(`arguments.stance.${p.stance}`)}</span>{' '}
              <span className="argument__author">{p.name || `@${p.username}`}</span>
              <span className="argument__text">{p.text}</span>
            </li>
          ))}
          {n > arg.posts.length && (
            <li className="argument__more">{t('arguments.morePosts', { n: n - arg.posts.length })}</li>
          )}
        </ul>
      )}
    </article>
  );
}

/** A side's generated summary, always marked as generated and by which model. */
function GeneratedSummary({ side, summary }: { side: 'bullish' | 'bearish'; summary: OpinionSummary | null }) {
  const { t } = useTranslation();
  const text = summary?.[side];
  if (!summary || !text) return null;
  return (
    <div className="arguments__summary" data-testid={`arguments-summary-${side}`}>
      <p className="arguments__summary-text">{text}</p>
      <p className="arguments__summary-mark">{t('arguments.generated', { model: summary.model })}</p>
    </div>
  );
}

function Side({
  side,
  list,
  summary,
}: {
  side: 'bullish' | 'bearish';
  list: OpinionArgument[];
  summary: OpinionSummary | null;
}) {
  const { t } = useTranslation();
  return (
    <div className={`arguments__side arguments__side--${side}`} data-testid={`arguments-${side}`}>
      <h4 className="arguments__side-title">{t(`arguments.${side}`)}</h4>
      <GeneratedSummary side={side} summary={summary} />
      {list.length === 0 ? (
        <p className="arguments__none">{t(side === 'bullish' ? 'arguments.noneBullish' : 'arguments.noneBearish')}</p>
      ) : (
        list.map((a) => <ArgumentCard key={a.id} arg={a} />)
      )}
    </div>
  );
}

function Body({ data, summary }: { data: OpinionArguments; summary: OpinionSummary | null }) {
  const { t } = useTranslation();
  const count = useCount();
  if (postsOf(data.total) === 0)
    return (
      <p className="arguments__none" data-testid="arguments-empty">
        {t('arguments.empty')}
      </p>
    );
  return (
    <>
      <Side side="bullish" list={data.bullish} summary={summary} />
      <Side side="bearish" list={data.bearish} summary={summary} />
      <div
        className="arguments__other"
        data-testid="arguments-other"
        data-up={data.other.cntUp}
        data-neutral={data.other.cntNeutral}
        data-down={data.other.cntDown}
      >
        <p>
          {t('arguments.other', {
            up: count(data.other.cntUp),
            neutral: count(data.other.cntNeutral),
            down: count(data.other.cntDown),
          })}
        </p>
        <p className="arguments__hint">{t('arguments.otherHint', { groups: count(data.other.arguments) })}</p>
        {data.considered >= data.consideredMax && (
          <p className="arguments__hint" data-testid="arguments-capped">
            {t('arguments.capped', { n: data.consideredMax.toLocaleString() })}
          </p>
        )}
      </div>
    </>
  );
}

/**
 * The bull case and the bear case of a coin or event opinion view (issue 33 §3): under the stat
 * cards, the top arguments of each side, then the other posts, for the report's own selection;
 * their counts add up to the cards (`sum`, the report's totals); it loads again whenever the
 * cards' totals change, so a section read a moment before or after them catches up.
 */
export function Arguments({ viewId, selection, sum }: { viewId: string; selection: ReportSelection; sum: SumInfo }) {
  const { t } = useTranslation();
  const reportKey = `${sum.cntUp}/${sum.cntNeutral}/${sum.cntDown}`;
  const { state, reload } = useArguments(viewId, selection, reportKey);
  const summary = useSummary(viewId, selection);
  const data = state.data;
  return (
    <section
      className="arguments"
      data-testid="arguments"
      data-loading={state.loading}
      data-agrees={data ? agreesWith(data, sum) : undefined}
    >
      <h3 className="arguments__title">{t('arguments.title')}</h3>
      {state.error && !state.loading ? (
        <div className="arguments__none" role="alert" data-testid="arguments-error">
          <p>{state.error}</p>
          <RetryButton size="small" testId="arguments-retry" onClick={() => void reload()}>
            {t('arguments.retry')}
          </RetryButton>
        </div>
      ) : data ? (
        <Body data={data} summary={summary} />
      ) : (
        <LoadingState className="arguments__loading" testId="arguments-loading" />
      )}
    </section>
  );
}
