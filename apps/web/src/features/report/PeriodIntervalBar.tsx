import { type Granularity, REPORT_PERIODS, type ReportPeriod } from '@kolscope/contract';
import { ActionSheet } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeInterval, changePeriod, intervalsOf, type ReportSelection } from './selection';

interface Props {
  selection: ReportSelection;
  onChange: (next: ReportSelection) => void;
}

const KINDS = ['period', 'interval'] as const;

/** The period and interval selectors: two buttons, each opening a bottom action sheet with cancel. */
export function PeriodIntervalBar({ selection, onChange }: Props) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<'period' | 'interval' | null>(null);
  const close = () => setSheet(null);

  const option = (kind: 'period' | 'interval', value: string, on: boolean) => ({
    key: value,
    text: (
      <span data-testid={`${kind}-option-${value}`} className={on ? 'report-sheet__on' : undefined}>
        {t(`report.${kind}s.${value}`)}
      </span>
    ),
  });

  return (
    <div className="report-bar">
      {KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className="report-bar__button"
          data-testid={`report-${kind}`}
          onClick={() => setSheet(kind)}
        >
          <span className="report-bar__label">{t(`report.${kind}`)}</span>
          <span className="report-bar__value">{t(`report.${kind}s.${selection[kind]}`)}</span>
          <DownOutline className="report-bar__caret" />
        </button>
      ))}

      <ActionSheet
        visible={sheet === 'period'}
        extra={t('report.periodSheet')}
        cancelText={t('common.cancel')}
        actions={REPORT_PERIODS.map((p) => option('period', p, p === selection.period))}
        onAction={(action) => {
          close();
          onChange(changePeriod(selection, action.key as ReportPeriod));
        }}
        onClose={close}
      />
      <ActionSheet
        visible={sheet === 'interval'}
        extra={t('report.intervalSheet')}
        cancelText={t('common.cancel')}
        actions={intervalsOf(selection.period).map((i) => option('interval', i, i === selection.interval))}
        onAction={(action) => {
          close();
          onChange(changeInterval(selection, action.key as Granularity));
        }}
        onClose={close}
      />
    </div>
  );
}
