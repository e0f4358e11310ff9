import { CHART_HEIGHT_PX } from '@kolscope/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '../../i18n';
import { layoutLines, PAD_BOTTOM, PAD_TOP, TICKS } from '../report/chartGeometry';
import { LineChart } from '../report/LineChart';
import { alignPrices, changeFromFirst, layoutOverlay, valueScale } from './priceGeometry';
import { priceOverlay } from './priceOverlay';

setupI18n();

const plotTop = PAD_TOP;
const plotBottom = CHART_HEIGHT_PX - PAD_BOTTOM;
const H = 3600;
const cts = [0, H, 2 * H, 3 * H];

describe('price scale', () => {
  it('holds every value on TICKS nice steps', () => {
    const scale = valueScale([101_230, 102_410, 101_990]);
    expect(scale).toEqual({ low: 101_000, step: 500, ticks: [101_000, 101_500, 102_000, 102_500, 103_000] });
    const tiny = valueScale([0.00231, 0.00236]);
    expect(tiny?.ticks[0]).toBeLessThanOrEqual(0.00231);
    expect(tiny?.ticks[TICKS]).toBeGreaterThanOrEqual(0.00236);
  });
  it('puts a flat series in a ±1 % band, and has no scale without values', () => {
    const flat = valueScale([200, 200]);
    expect(flat?.ticks[0]).toBeLessThan(200);
    expect(flat?.ticks[TICKS]).toBeGreaterThan(200);
    expect(valueScale([])).toBeNull();
  });
});

describe('price line layout', () => {
  it('maps the lowest and highest price into the plot, and lays its ticks on the grid lines', () => {
    const sentiment = layoutLines(cts.length, [[1, 3, 2, 0]]);
    const prices = [100_200, null, 102_400, 101_000];
    const over = layoutOverlay(sentiment.xs, sentiment.height, [{ key: 'BTC', values: prices }]);
    expect(over).not.toBeNull();
    const ys = over?.lines[0]?.ys ?? [];
    for (const y of ys.filter((y) => y !== null)) {
      expect(y).toBeGreaterThanOrEqual(plotTop);
      expect(y).toBeLessThanOrEqual(plotBottom);
    }
    // Higher price, higher on screen; the bucket with no candle has no point and the line bridges it.
    expect(ys[2]).toBeLessThan(ys[0] ?? 0);
    expect(ys[1]).toBeNull();
    expect(over?.lines[0]?.points.split(' ')).toHaveLength(3);
    expect(over?.tickYs).toEqual(sentiment.ticks.map((t) => t.y));
  });

  it('aligns prices on the buckets and turns them into changes from the first priced bucket', () => {
    expect(
      alignPrices(cts, [
        { ct: H, price: 10 },
        { ct: 3 * H, price: 12 },
        { ct: 999, price: 1 },
      ]),
    ).toEqual([null, 10, null, 12]);
    expect(changeFromFirst([null, 10, 11, 9])).toEqual([null, 0, expect.closeTo(0.1), expect.closeTo(-0.1)]);
  });

  it('draws one coin in dollars and several as % change, leaving out coins without a price', () => {
    const one = priceOverlay(cts, [
      { coin: 'SOL', list: [{ ct: 0, price: 180 }], source: 'demo' },
      { coin: 'XYZ', list: [], source: 'none' },
    ]);
    expect(one?.kind).toBe('price');
    expect(one?.series.map((s) => s.label)).toEqual(['SOL']);
    expect(one?.series[0]?.tipText(0)).toBe('SOL $180.00');
    const many = priceOverlay(cts, [
      {
        coin: 'BTC',
        list: [
          { ct: 0, price: 100_000 },
          { ct: H, price: 102_000 },
        ],
        source: 'demo',
      },
      {
        coin: 'DOGE',
        list: [
          { ct: 0, price: 0.2 },
          { ct: H, price: 0.19 },
        ],
        source: 'demo',
      },
    ]);
    expect(many?.kind).toBe('change');
    expect(many?.series[1]?.tipText(1)).toBe('DOGE −5.0% ($0.19)');
    expect(priceOverlay(cts, [{ coin: 'XYZ', list: [], source: 'none' }])).toBeNull();
  });
});

describe('the report chart with a price line', () => {
  const series = [{ key: 'cntUp', label: 'Bullish', tone: 'bullish', values: [1, 3, 2, 0] }];
  const render = (withPrice: boolean) =>
    renderToStaticMarkup(
      createElement(LineChart, {
        cts,
        series,
        label: 'chart',
        overlay: withPrice
          ? priceOverlay(cts, [
              {
                coin: 'BTC',
                list: cts.map((ct, i) => ({ ct, price: 101_000 + i * 400 })),
                source: 'demo',
              },
            ])
          : null,
      }),
    );
  const leftTicks = (html: string) =>
    [...(html.split('report-chart__scroll')[0] ?? '').matchAll(/report-chart__tick"[^>]*>([^<]*)</g)].map((m) => m[1]);
  const sentimentLine = (html: string) => /report-chart__series--bullish"><polyline points="([^"]*)"/.exec(html)?.[1];

  it('keeps the sentiment scale and line exactly as without it', () => {
    const without = render(false);
    const withPrice = render(true);
    expect(leftTicks(withPrice)).toEqual(leftTicks(without));
    expect(leftTicks(without)).toEqual(['0', '1', '2', '3', '4']);
    expect(sentimentLine(withPrice)).toBe(sentimentLine(without));
  });

  it('draws the price line with its own axis at the right', () => {
    const html = render(true);
    expect(html).toContain('data-overlay="price"');
    expect(html).toContain('data-testid="report-chart-price-line"');
    const right = html.split('report-chart-price-axis')[1] ?? '';
    const labels = [...right.matchAll(/report-chart__tick"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(labels).toEqual(['101k', '101.5k', '102k', '102.5k', '103k']);
    expect(render(false)).not.toContain('report-chart-price-axis');
  });
});
