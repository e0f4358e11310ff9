import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLink } from '../RouteLink';
import { coinPath, coinSymbolOf } from './coinPath';
import './coin-link.css';

interface Props {
  /** 'BTC' or '$btc'. */
  coin: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A link to a coin's page (/coin/:symbol): cashtags in post text, the coin chips of a post, rank
 * rows, a coin opinion's header. A tap opens the coin, never also the card or row it sits in.
 */
export function CoinLink({ coin, className, testId, children }: Props) {
  const { t } = useTranslation();
  const symbol = coinSymbolOf(coin);
  return (
    <RouteLink
      to={coinPath(symbol)}
      className={className ? `ks-coin-link ${className}` : 'ks-coin-link'}
      label={t('coin.open', { coin: symbol })}
      testId={testId}
      data={{ 'data-coin': symbol }}
    >
      {children}
    </RouteLink>
  );
}
