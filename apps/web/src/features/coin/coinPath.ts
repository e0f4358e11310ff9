import { stripCoinDollar } from '@kolscope/contract';

/**
 * Where a coin's page is: `/coin/BTC`. Cashtags ($btc), chips and rows may name a coin in any case
 * or with its `$`; the path takes the symbol as the server stores it.
 */
export function coinSymbolOf(text: string): string {
  return stripCoinDollar(text).toUpperCase();
}

export function coinPath(coin: string): string {
  return `/coin/${encodeURIComponent(coinSymbolOf(coin))}`;
}
