import { useTranslation } from 'react-i18next';
import { formatStatValue } from './format';
import { type StatLine, tableScrolls } from './series';

interface Props {
  lines: readonly StatLine[];
  summaryKind: 'total' | 'peak';
  focus: string | null;
  /** A tap shows only that line in the chart; a second tap shows them all again. */
  onFocus: (key: string | null) => void;
}

/** The series of the chart, one row each (its colour, name, latest value and total or peak). */
export function StatTable({ lines, summaryKind, focus, onFocus }: Props) {
  const { t, i18n } = useTranslation();
  const scrolls = tableScrolls(lines.length);
  return (
    <div className="statistics-table" data-testid="statistics-table" data-rows={lines.length} data-scroll={scrolls}>
      <div className="statistics-table__row statistics-table__row--head">
        <span>{t('statistics.table.series', { count: lines.length })}</span>
        <span>{t('statistics.table.latest')}</span>
        <span>{t(`statistics.table.${summaryKind}`)}</span>
      </div>
      <ul className={scrolls ? 'statistics-table__body statistics-table__body--scroll' : 'statistics-table__body'}>
        {lines.map((line) => (
          <li key={line.key}>
            <button
              type="button"
              className="statistics-table__row"
              data-testid="statistics-row"
              data-name={line.name}
              data-latest={line.latest}
              data-summary={line.summary}
              aria-pressed={focus === line.key}
              onClick={() => onFocus(focus === line.key ? null : line.key)}
            >
              <span className="statistics-table__name">
                <span className={`statistics-swatch report-chart__dot--${line.tone}`} aria-hidden="true" />
                <span className="statistics-table__text">{line.name}</span>
              </span>
              <span>{formatStatValue(line.latest, i18n.language)}</span>
              <span>{formatStatValue(line.summary, i18n.language)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
