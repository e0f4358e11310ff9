/**
 * Coins pegged to a fiat currency. A "call" on one says nothing about its price (a bullish
 * "USDC minted $77M" post is news, not a trade), and its excess return against BTC would only be
 * a BTC short, so track records leave them out.
 */
export const STABLECOINS: ReadonlySet<string> = new Set([
  'USDT',
  'USDC',
  'DAI',
  'BUSD',
  'TUSD',
  'USDP',
  'PAX',
  'FDUSD',
  'USDE',
  'USDS',
  'PYUSD',
  'GUSD',
  'FRAX',
  'LUSD',
  'USDD',
  'SUSD',
  'EURC',
  'EURS',
]);
