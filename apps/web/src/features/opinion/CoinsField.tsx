import { EVENT_PRICE_COINS_MAX, stripCoinDollar } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinPicker } from '../pickers/CoinPicker';
import { coinIconUrl } from './opinionForm';
import { PickField } from './PickField';

interface Props {
  value: readonly string[];
  onChange: (coins: string[]) => void;
  /** The server's refusal of these coins, shown under the field. */
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * An event opinion's optional coins to draw (issue 16 §2): the coin opinion page's picker, at
 * most EVENT_PRICE_COINS_MAX; the report draws their prices beside the opinion.
 */
export function CoinsField({ value, onChange, error, disabled = false }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const max = EVENT_PRICE_COINS_MAX;
  return (
    <>
      <PickField
        label={t('prices.coins')}
        testId="event-coins-field"
        placeholder={t('prices.coinsPlaceholder', { max })}
        value={
          value.length === 0
            ? ''
            : value.map((coin) => (
                <span key={coin} className="pick-field__coin" data-testid="event-coin">
                  <img className="pick-field__coin-icon" src={coinIconUrl(coin)} alt="" />
                  {coin}
                </span>
              ))
        }
        error={error}
        disabled={disabled}
        onClick={() => setOpen(true)}
      />
      <CoinPicker
        visible={open}
        title={t('prices.coinsPickerTitle')}
        value={value}
        max={max}
        tooMany={t('prices.coinsTooMany', { max })}
        onClose={() => setOpen(false)}
        onConfirm={(coins) => onChange(coins.map((c) => stripCoinDollar(c.coin)))}
      />
    </>
  );
}
