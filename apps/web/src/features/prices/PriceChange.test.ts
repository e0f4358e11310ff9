import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '../../i18n';
import { PriceChange } from './PriceChange';

setupI18n();

const html = (price?: number, change24h?: number) =>
  renderToStaticMarkup(createElement(PriceChange, { price, change24h, testId: 'p' }));

describe('PriceChange', () => {
  it('shows the price and the signed change in its direction’s colour', () => {
    expect(html(102_412, 0.034)).toMatch(/>\$102\.4k<.*price-change__change--up[^>]*>\+3\.4%</);
    expect(html(0.00231, -0.123)).toMatch(/>\$0\.00231<.*price-change__change--down[^>]*>−12\.3%</);
  });
  it('says "—" for what is not known, once when nothing is', () => {
    expect(html(187.42)).toMatch(/>\$187\.42<.*price-change__change--none[^>]*>—</);
    expect(html().match(/—/g)).toHaveLength(1);
  });
});
