/**
 * search/coins: the catalogue filtered by a query, best matches first. A few hundred coins, so
 * a scan over precomputed lower-case keys per query is cheap and keeps the ranking plain.
 */
import { stripCoinDollar } from '@kolscope/contract';
import { COINS, type Coin, coinBySymbol } from './catalogue';
import { words } from '../words';

export interface CoinSearchItem {
  coin: string;
  name: string;
  icon: string;
}

/**
 * Hand-written popularity order (market relevance to KOLs): the empty query shows these, and
 * they rank first among equally good matches.
 */
export const POPULAR_COINS: readonly string[] = words(`
  BTC ETH SOL XRP BNB DOGE USDT USDC ADA TRX
  HYPE SUI LINK AVAX TON SHIB PEPE LTC BCH DOT
  NEAR UNI APT ARB OP AAVE ENA TAO WIF TRUMP
  ONDO BONK FET INJ TIA ATOM FIL ETC XLM POL
`);

const popularity = new Map(POPULAR_COINS.map((symbol, i) => [symbol, i]));

interface Entry {
  coin: Coin;
  symbol: string;
  /** Name and aliases, lower case. */
  names: string[];
  rank: number;
}

const ENTRIES: Entry[] = COINS.map((coin) => ({
  coin,
  symbol: coin.symbol.toLowerCase(),
  names: [coin.name.toLowerCase(), ...coin.aliases.map((a) => a.toLowerCase())],
  rank: popularity.get(coin.symbol) ?? POPULAR_COINS.length,
}));

/**
 * Match tiers, best first: exact symbol, symbol prefix, name or alias prefix (a word of the name
 * counts too, so "inu" finds Shiba Inu), then a substring of the symbol, name or alias.
 */
function tier(entry: Entry, q: string): number {
  if (entry.symbol === q) return 0;
  if (entry.symbol.startsWith(q)) return 1;
  if (entry.names.some((n) => n.startsWith(q) || n.includes(` ${q}`))) return 2;
  if (entry.symbol.includes(q) || entry.names.some((n) => n.includes(q))) return 3;
  return -1;
}

function toItem(coin: Coin): CoinSearchItem {
  return { coin: coin.symbol, name: coin.name, icon: coin.icon };
}

/**
 * Coins matching a query ('$' stripped, any case, en or zh), best first; within a tier the more
 * popular, then the shorter symbol. An empty query gives the most popular coins.
 */
export function searchCoins(query: string, limit = 20): CoinSearchItem[] {
  const q = stripCoinDollar(query).toLowerCase();
  if (limit <= 0) return [];
  if (q === '') {
    return POPULAR_COINS.slice(0, limit).flatMap((symbol) => {
      const coin = coinBySymbol(symbol);
      return coin ? [toItem(coin)] : [];
    });
  }
  const hits: { entry: Entry; tier: number }[] = [];
  for (const entry of ENTRIES) {
    const t = tier(entry, q);
    if (t >= 0) hits.push({ entry, tier: t });
  }
  hits.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.entry.rank - b.entry.rank ||
      a.entry.symbol.length - b.entry.symbol.length ||
      a.entry.symbol.localeCompare(b.entry.symbol),
  );
  return hits.slice(0, limit).map((h) => toItem(h.entry.coin));
}
