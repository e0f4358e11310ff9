/**
 * What the report chart draws on its right-hand axis (issue 16 §2): the lines, how the axis and
 * the tap tip word their values. Built by the price feature, drawn by LineChart.
 */
import type { BucketValues, ValueScale } from './priceGeometry';

export interface OverlaySeries {
  key: string;
  /** The coin, for the tip and the legend. */
  label: string;
  /** Colour class suffix: `report-chart__series--<tone>` (report.css price0..price2). */
  tone: string;
  values: BucketValues;
  /** The tip's text for bucket i ('' where the bucket has no price). */
  tipText: (i: number) => string;
}

export interface ChartOverlay {
  /** 'price' (one coin, dollars) or 'change' (several coins, % from their first bucket). */
  kind: 'price' | 'change';
  series: OverlaySeries[];
  /** The axis labels for a scale. */
  tickFormat: (scale: ValueScale) => (value: number) => string;
}
