/**
 * The coins the demo population talks about, with the names people use for them (cashtag,
 * English name, Chinese names and nicknames such as 大饼 for BTC), a starting price for realistic
 * levels in the texts, a popularity weight and the topics each coin is discussed under.
 */

/** What a post is about; maps onto the app's category tree (trading, DeFi, L1/L2, ...). */
export type DemoTopic =
  | 'ta'
  | 'deriv'
  | 'defi'
  | 'chain'
  | 'meme'
  | 'nft'
  | 'ai'
  | 'stable'
  | 'exchange'
  | 'macro'
  | 'security'
  | 'airdrop';

export interface DemoCoin {
  symbol: string;
  name: string;
  /** Names Chinese posts use; the first is the formal one. Empty: Chinese posts use the cashtag. */
  zh: readonly string[];
  /** USD price at the start of the story; the path around it is generated. */
  price: number;
  /** Relative share of attention before events (BTC = 100). */
  pop: number;
  /** Typical daily swing, as a log-price amplitude. */
  vol: number;
  topics: readonly DemoTopic[];
  /** Value locked on the chain or in the protocol, in billions of dollars (for '{tvl}' in posts). */
  tvl: number;
}

/** Rough TVLs in $B, so a post never says 'Ethereum TVL is $5M'; others get a small default. */
const TVL_BILLIONS: Record<string, number> = {
  BTC: 6,
  ETH: 62,
  SOL: 9,
  BNB: 6,
  SUI: 1.6,
  AVAX: 1.4,
  ADA: 0.4,
  TON: 0.3,
  APT: 1,
  NEAR: 0.2,
  ARB: 2.6,
  OP: 0.8,
  ZK: 0.5,
  AAVE: 24,
  UNI: 5,
  LDO: 26,
  PENDLE: 5,
  CRV: 2.2,
  ENA: 6,
  HYPE: 2,
  GMX: 0.5,
  LINK: 0.8,
};

const c = (
  symbol: string,
  name: string,
  zh: string[],
  price: number,
  pop: number,
  vol: number,
  topics: DemoTopic[],
): DemoCoin => ({ symbol, name, zh, price, pop, vol, topics, tvl: TVL_BILLIONS[symbol] ?? 0.3 });

export const DEMO_COINS: readonly DemoCoin[] = [
  c('BTC', 'Bitcoin', ['比特币', '大饼', 'BTC'], 97000, 100, 0.06, ['macro', 'ta', 'deriv']),
  c('ETH', 'Ethereum', ['以太坊', '姨太', 'ETH'], 3400, 60, 0.09, ['chain', 'defi', 'ta', 'deriv']),
  c('SOL', 'Solana', ['索拉纳', 'SOL'], 190, 40, 0.13, ['chain', 'meme', 'ta']),
  c('XRP', 'XRP', ['瑞波币', 'XRP'], 2.3, 18, 0.12, ['macro', 'chain', 'ta']),
  c('DOGE', 'Dogecoin', ['狗狗币', '狗子'], 0.32, 16, 0.16, ['meme', 'ta']),
  c('BNB', 'BNB', ['币安币', 'BNB'], 650, 12, 0.08, ['exchange', 'chain']),
  c('PEPE', 'Pepe', ['佩佩', 'PEPE'], 0.000018, 10, 0.25, ['meme']),
  c('SUI', 'Sui', ['SUI'], 3.8, 8, 0.15, ['chain']),
  c('ADA', 'Cardano', ['艾达币', 'ADA'], 0.9, 6, 0.12, ['chain']),
  c('LINK', 'Chainlink', ['LINK'], 20, 6, 0.12, ['defi']),
  c('WIF', 'dogwifhat', ['狗帽', 'WIF'], 2.4, 6, 0.25, ['meme']),
  c('HYPE', 'Hyperliquid', ['HYPE'], 22, 6, 0.18, ['deriv', 'exchange']),
  c('USDT', 'Tether', ['泰达币', 'USDT'], 1, 6, 0, ['stable']),
  c('AVAX', 'Avalanche', ['雪崩', 'AVAX'], 35, 5, 0.13, ['chain']),
  c('UNI', 'Uniswap', ['UNI'], 12, 5, 0.13, ['defi']),
  c('AAVE', 'Aave', ['AAVE'], 280, 5, 0.13, ['defi']),
  c('ARB', 'Arbitrum', ['ARB'], 0.8, 5, 0.14, ['chain', 'airdrop']),
  c('BONK', 'Bonk', ['BONK'], 0.000032, 5, 0.25, ['meme']),
  c('SHIB', 'Shiba Inu', ['柴犬币', 'SHIB'], 0.000022, 5, 0.18, ['meme']),
  c('TAO', 'Bittensor', ['TAO'], 450, 5, 0.17, ['ai']),
  c('TON', 'Toncoin', ['TON'], 5.5, 4, 0.1, ['chain']),
  c('OP', 'Optimism', ['OP'], 1.9, 4, 0.14, ['chain', 'airdrop']),
  c('ENA', 'Ethena', ['ENA'], 0.9, 4, 0.18, ['defi', 'stable']),
  c('FET', 'Fetch.ai', ['FET'], 1.4, 4, 0.18, ['ai']),
  c('USDC', 'USD Coin', ['USDC'], 1, 4, 0, ['stable']),
  c('APT', 'Aptos', ['APT'], 9, 3, 0.14, ['chain']),
  c('NEAR', 'Near', ['NEAR'], 5, 3, 0.14, ['chain', 'ai']),
  c('CRV', 'Curve', ['CRV'], 0.9, 3, 0.16, ['defi']),
  c('PENDLE', 'Pendle', ['PENDLE'], 5, 3, 0.17, ['defi']),
  c('RENDER', 'Render', ['RENDER'], 7, 3, 0.17, ['ai', 'nft']),
  c('LDO', 'Lido', ['LDO'], 1.9, 2, 0.14, ['defi']),
  c('ZK', 'ZKsync', ['ZK'], 0.18, 2, 0.16, ['chain', 'airdrop']),
  c('IMX', 'Immutable', ['IMX'], 1.5, 2, 0.15, ['nft']),
  c('APE', 'ApeCoin', ['APE'], 1.2, 2, 0.17, ['nft', 'meme']),
  c('GMX', 'GMX', ['GMX'], 28, 1.5, 0.15, ['defi', 'deriv']),
  c('SAND', 'The Sandbox', ['沙盒', 'SAND'], 0.55, 1.5, 0.15, ['nft']),
];

export const COIN_INDEX: ReadonlyMap<string, number> = new Map(DEMO_COINS.map((coin, i) => [coin.symbol, i]));

/** Index of a symbol in DEMO_COINS; throws on a typo in the story tables rather than misbehaving. */
export function coinIndex(symbol: string): number {
  const i = COIN_INDEX.get(symbol);
  if (i === undefined) throw new Error(`unknown demo coin ${symbol}`);
  return i;
}

/**
 * A price the way people write it: '96.4k' or '9.6万' for big numbers, '3,420', '1.85', '0.0000183'.
 * Three significant digits at most: KOLs quote prices roughly.
 */
export function formatPrice(v: number, lang: 'en' | 'zh'): string {
  if (v >= 10000)
    return lang === 'zh'
      ? `${(v / 10000).toFixed(v >= 100_000 ? 1 : 2).replace(/\.?0+$/, '')}万`
      : `${(v / 1000).toFixed(v >= 100_000 ? 0 : 1).replace(/\.0$/, '')}k`;
  if (v >= 1000) {
    const r = Math.round(v / 10) * 10; // toLocaleString would do, but is slow in the hot loop
    return `${Math.floor(r / 1000)},${String(r % 1000).padStart(3, '0')}`;
  }
  if (v >= 100) return String(Math.round(v));
  if (v >= 1) return String(Math.round(v * 100) / 100);
  const fixed = Number(v.toPrecision(3)).toFixed(Math.max(2, 2 - Math.floor(Math.log10(v))));
  return fixed.replace(/0+$/, '').replace(/\.$/, '');
}

/** The spacing of the round levels people name near `v`: 1000 above 100k, ..., two significant digits below 100. */
export function levelStep(v: number): number {
  if (v >= 100_000) return 1000;
  if (v >= 10_000) return 500;
  if (v >= 1000) return 50;
  if (v >= 100) return 5;
  return 10 ** (Math.floor(Math.log10(v)) - 1);
}

/** A support or target the way people name one: round numbers ('95.5k', '104k', '3,450', '1.9'). */
export function formatLevel(v: number, lang: 'en' | 'zh'): string {
  if (v >= 100) {
    const step = levelStep(v);
    const r = Math.round(v / step) * step;
    return v >= 1000 ? formatPrice(r, lang) : String(r);
  }
  return formatPrice(Number(v.toPrecision(2)), lang);
}
