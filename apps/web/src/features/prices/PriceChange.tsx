import { useTranslation } from 'react-i18next';
import { changeTone, formatChange, formatPrice } from './priceFormat';
import './prices.css';

/**
 * A coin's last price and 24 h change (rank rows, coin opinion rows): the change signed and in
 * the reader's up/down colour (app/upColour.ts); "—" for what the server does not know.
 */
export function PriceChange({
  price,
  change24h,
  testId,
  showPrice = true,
}: {
  price?: number | undefined;
  change24h?: number | undefined;
  testId: string;
  showPrice?: boolean;
}) {
  const { t } = useTranslation();
  const tone = change24h === undefined ? 'none' : changeTone(change24h);
  // Nothing known: one dash, not one per figure.
  if (price === undefined && change24h === undefined) {
    return (
      <span className="price-change" data-testid={testId}>
        <span className="price-change__change" data-testid={`${testId}-price`}>
          {t('prices.none')}
        </span>
      </span>
    );
  }
  return (
    <span className="price-change" data-testid={testId} data-price={price} data-change={change24h}>
      {showPrice && (
        <span className="price-change__price" data-testid={`${testId}-price`}>
          {price === undefined ? t('prices.none') : formatPrice(price, true)}
        </span>
      )}
      <span
        className={`price-change__change price-change__change--${tone}`}
        data-testid={`${testId}-change`}
        title={t('prices.change24h')}
      >
        {change24h === undefined ? t('prices.none') : formatChange(change24h)}
      </span>
    </span>
  );
}
