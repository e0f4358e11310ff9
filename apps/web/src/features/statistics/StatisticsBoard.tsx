import { STAT_PERIODS, STAT_TYPES, type StatInterval, type StatPeriod, type StatType } from '@kolscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUpdateTime } from '../ranking/rankFormat';
import { LineChart } from '../report/LineChart';
import { formatStatValue } from './format';
import { SheetSelect } from './SheetSelect';
import { changeStatInterval, changeStatPeriod, DEFAULT_STAT_SELECTION, statIntervalsOf } from './selection';
import { type StatTables, shapeStat, summaryKind, visibleLines } from './series';
import { StatTable } from './StatTable';
import { statDisplay } from './statState';
import { useStatistics } from './useStatistics';
import '../report/report.css';
import './statistics.css';
import { LoadingState } from '../LoadState';

const NO_TABLES: StatTables = [];

/**
 * The administrator dashboard (spec section 2, "Statistics"): metric, source, period and interval
 * selectors, a chart with one line per series and the table of series under it.
 */
export function StatisticsBoard() {
  const { t, i18n } = useTranslation();
  const [selection, setSelection] = useState(DEFAULT_STAT_SELECTION);
  const [focus, setFocus] = useState<string | null>(null);
  const { state, sources } = useStatistics(selection);
  const display = statDisplay(state);
  const model = useMemo(
    () => shapeStat(state.tables ?? NO_TABLES, selection.statType),
    [state.tables, selection.statType],
  );
  // Stable while nothing changes: a new series list resets the chart's scroll and tapped bucket.
  const shown = useMemo(() => visibleLines(model.lines, focus), [model.lines, focus]);
  const chartSeries = useMemo(
    () => shown.map((l) => ({ key: l.key, label: l.name, tone: l.tone, values: l.values })),
    [shown],
  );
  const select = (next: typeof selection) => {
    setSelection(next);
    setFocus(null);
  };

  // A select over values each named by the i18n key `<keys>.<value>`: its shown value and its options.
  const named = (keys: string, values: readonly string[], value: string) => ({
    value,
    valueText: t(`${keys}.${value}`),
    options: values.map((v) => ({ value: v, text: t(`${keys}.${v}`) })),
  });
  const sourceOptions = [
    { value: '', text: t('statistics.allSources') },
    ...sources.map((s) => ({ value: s.name, text: t('statistics.sourceOption', { name: s.name, count: s.cntAtt }) })),
  ];

  return (
    <div
      className="statistics"
      data-testid="statistics"
      data-stat-type={selection.statType}
      data-source={selection.source}
      data-period={selection.period}
      data-interval={selection.interval}
      data-state={display}
      data-loading={state.loading}
    >
      <div className="statistics-bar">
        <SheetSelect
          label={t('statistics.metric')}
          {...named('statistics.metrics', STAT_TYPES, selection.statType)}
          sheetTitle={t('statistics.metricSheet')}
          testId="statistics-metric"
          className="statistics-bar__wide"
          onChange={(v) => select({ ...selection, statType: v as StatType })}
        />
        <SheetSelect
          label={t('statistics.source')}
          valueText={selection.source || t('statistics.allSources')}
          value={selection.source}
          options={sourceOptions}
          sheetTitle={t('statistics.sourceSheet')}
          testId="statistics-source"
          className="statistics-bar__wide"
          onChange={(v) => select({ ...selection, source: v })}
        />
        <SheetSelect
          label={t('report.period')}
          {...named('report.periods', STAT_PERIODS, selection.period)}
          sheetTitle={t('report.periodSheet')}
          testId="statistics-period"
          onChange={(v) => select(changeStatPeriod(selection, v as StatPeriod))}
        />
        <SheetSelect
          label={t('report.interval')}
          {...named('report.intervals', statIntervalsOf(selection.period), selection.interval)}
          sheetTitle={t('report.intervalSheet')}
          testId="statistics-interval"
          onChange={(v) => select(changeStatInterval(selection, v as StatInterval))}
        />
      </div>

      <section className="report-card statistics-card" aria-busy={state.loading}>
        <div className="statistics-card__head">
          <h3 className="statistics-card__title">{t(`statistics.metrics.${selection.statType}`)}</h3>
          {state.updatedAt !== null && (
            <span className="statistics-card__updated" data-testid="statistics-updated">
              {t('statistics.updated', { time: formatUpdateTime(Math.floor(state.updatedAt / 1000)) })}
            </span>
          )}
        </div>
        <div className="report-chart-wrap">
          {display === 'spinner' ? (
            <LoadingState className="report-chart-state" testId="statistics-loading" />
          ) : (
            <LineChart
              cts={display === 'chart' ? model.cts : []}
              series={display === 'chart' ? chartSeries : []}
              label={t(`statistics.metrics.${selection.statType}`)}
              formatValue={(value) => formatStatValue(value, i18n.language)}
              testId="statistics-chart"
              partialElapsed={display === 'chart' ? model.partialElapsed : undefined}
            />
          )}
          {display === 'empty' && (
            <p className="statistics-empty" data-testid="statistics-chart-empty">
              <span>{t('statistics.noData')}</span>
            </p>
          )}
          {state.loading && display !== 'spinner' && (
            <LoadingState className="report-chart-busy" testId="statistics-loading" />
          )}
        </div>
      </section>

      {display === 'chart' && (
        <StatTable lines={model.lines} summaryKind={summaryKind(selection.statType)} focus={focus} onFocus={setFocus} />
      )}
      <p className="statistics-note">{t(`statistics.meaning.${selection.statType}`)}</p>
    </div>
  );
}
