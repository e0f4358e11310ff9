/**
 * The report chart's price lines from the market/coin_prices answers (issue 16 §2). One coin
 * (a coin opinion view, or an event view naming one) is drawn in dollars on its own axis;
 * several coins (an event view naming two or three) are each drawn as the change from their
 * first priced bucket on a % axis: BTC at 100k and DOGE at 0.2 share no dollar axis, and "which
 * moved more since the period began" is what an event's reader asks. A coin with no price (source
 * 'none' or an empty list) is left out; with none left there is no line, no axis, no toggle.
 */
import type { PricePoint, PriceSourceName } from '@kolscope/contract';
import type { ChartOverlay } from './overlay';
import { formatChange, formatPrice, percentTickFormatter, priceTickFormatter } from './priceFormat';
import { alignPrices, changeFromFirst } from './priceGeometry';

export interface CoinPrices {
  coin: string;
  list: PricePoint[];
  source: PriceSourceName;
}

/** The coins' line colours, in the order the view names them (report.css price0..price2). */
const TONES = ['price0', 'price1', 'price2'];

export function priceOverlay(cts: readonly number[], answers: readonly CoinPrices[]): ChartOverlay | null {
  const drawn = answers
    .filter((a) => a.source !== 'none' && a.list.length > 0)
    .map((a) => ({ coin: a.coin, prices: alignPrices(cts, a.list) }))
    .filter((a) => a.prices.some((p) => p !== null));
  if (drawn.length === 0) return null;
  if (drawn.length === 1) {
    const [only] = drawn as [(typeof drawn)[number]];
    return {
      kind: 'price',
      series: [
        {
          key: only.coin,
          label: only.coin,
          tone: TONES[0] as string,
          values: only.prices,
          tipText: (i) => {
            const p = only.prices[i];
            return p === null || p === undefined ? '' : `${only.coin} ${formatPrice(p, true)}`;
          },
        },
      ],
      tickFormat: (scale) => priceTickFormatter(scale.step, scale.ticks.at(-1) ?? 0),
    };
  }
  return {
    kind: 'change',
    series: drawn.map(({ coin, prices }, n) => {
      const changes = changeFromFirst(prices);
      return {
        key: coin,
        label: coin,
        tone: TONES[n % TONES.length] as string,
        values: changes,
        tipText: (i: number) => {
          const c = changes[i];
          const p = prices[i];
          return c === null || c === undefined || p === null || p === undefined
            ? ''
            : `${coin} ${formatChange(c)} (${formatPrice(p, true)})`;
        },
      };
    }),
    tickFormat: (scale) => percentTickFormatter(scale.step),
  };
}
