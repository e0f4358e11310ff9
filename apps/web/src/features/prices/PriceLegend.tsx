import { useTranslation } from 'react-i18next';
import type { ChartOverlay } from './overlay';

/**
 * The price toggle at the end of the chart's legend, and, when several coins are drawn as % change,
 * each coin in its line's colour.
 */
export function PriceLegend({
  overlay,
  on,
  onToggle,
}: {
  overlay: ChartOverlay;
  on: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="report-legend__prices">
      {on &&
        overlay.kind === 'change' &&
        overlay.series.map((s) => (
          <span
            key={s.key}
            className={`report-legend__coin report-chart__series--${s.tone}`}
            data-testid="report-price-legend"
          >
            {s.label}
          </span>
        ))}
      <button
        type="button"
        className="report-price-toggle"
        aria-pressed={on}
        title={overlay.kind === 'change' ? t('prices.changeHint') : t('prices.priceHint')}
        data-testid="report-price-toggle"
        onClick={() => onToggle(!on)}
      >
        {on && overlay.kind === 'price' && (
          <span className={`report-legend__coin report-chart__series--${overlay.series[0]?.tone}`} />
        )}
        {t('prices.toggle')}
      </button>
    </span>
  );
}
