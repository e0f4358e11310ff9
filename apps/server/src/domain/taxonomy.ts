/**
 * The tweet category taxonomy served by view/tweet_category. Ids are the values a crypto_types
 * rule stores ("a primary or primary/secondary category id"): a primary id such as 'defi', a
 * secondary id such as 'defi/lending' (always its primary's id, a slash and a slug), so a rule
 * value tells on its own which level it names. Names come in English and Simplified Chinese.
 */

export type CategoryLang = 'en' | 'zh-CN';

export interface TaxonomyNode {
  id: string;
  en: string;
  zh: string;
}

export interface TaxonomyPrimary extends TaxonomyNode {
  subs: TaxonomyNode[];
}

/** [slug, English, Chinese] for a sub-category; its id is '<primary>/<slug>'. */
type Sub = readonly [slug: string, en: string, zh: string];

function primary(id: string, en: string, zh: string, subs: readonly Sub[]): TaxonomyPrimary {
  return { id, en, zh, subs: subs.map(([slug, subEn, subZh]) => ({ id: `${id}/${slug}`, en: subEn, zh: subZh })) };
}

export const TAXONOMY: readonly TaxonomyPrimary[] = [
  primary('trading', 'Trading & TA', '交易与技术分析', [
    ['ta', 'Technical analysis', '技术分析'],
    ['spot', 'Spot trading', '现货交易'],
    ['onchain', 'On-chain data', '链上数据'],
    ['whales', 'Whales & smart money', '巨鲸与聪明钱'],
    ['market', 'Market updates', '行情综述'],
  ]),
  primary('derivatives', 'Derivatives', '衍生品', [
    ['futures', 'Futures & perps', '合约与永续'],
    ['options', 'Options', '期权'],
    ['liquidations', 'Liquidations', '爆仓与清算'],
    ['funding', 'Funding & open interest', '资金费率与持仓量'],
  ]),
  primary('defi', 'DeFi', 'DeFi', [
    ['dex', 'DEXs', '去中心化交易所'],
    ['lending', 'Lending', '借贷'],
    ['staking', 'Staking & restaking', '质押与再质押'],
    ['yield', 'Yield', '收益'],
    ['rwa', 'Real-world assets', '现实世界资产 (RWA)'],
  ]),
  primary('l1-l2', 'L1 & L2', '公链与二层', [
    ['ethereum', 'Ethereum', '以太坊生态'],
    ['solana', 'Solana', 'Solana 生态'],
    ['bitcoin', 'Bitcoin ecosystem', '比特币生态'],
    ['rollups', 'Rollups & L2s', 'Rollup 与二层'],
    ['alt-l1', 'Other L1s', '其他公链'],
  ]),
  primary('memecoins', 'Memecoins', 'Meme 币', [
    ['blue-chip', 'Blue-chip memes', '蓝筹 Meme'],
    ['launchpads', 'Launchpads', '发射平台'],
    ['new-launches', 'New launches', '新币与土狗'],
    ['politifi', 'Celebrity & political', '名人与政治币'],
  ]),
  primary('nft-gaming', 'NFT & gaming', 'NFT 与游戏', [
    ['nft', 'NFTs', 'NFT'],
    ['gamefi', 'GameFi', '链游'],
    ['metaverse', 'Metaverse', '元宇宙'],
  ]),
  primary('ai', 'AI', '人工智能', [
    ['agents', 'AI agents', 'AI 智能体'],
    ['compute', 'AI & compute', 'AI 与算力'],
    ['depin', 'DePIN', 'DePIN'],
  ]),
  primary('stablecoins', 'Stablecoins', '稳定币', [
    ['fiat-backed', 'Fiat-backed', '法币抵押稳定币'],
    ['decentralized', 'Decentralized & synthetic', '去中心化与合成稳定币'],
    ['depeg', 'Depegs', '脱锚'],
    ['payments', 'Payments', '支付'],
  ]),
  primary('exchanges', 'Exchanges', '交易所', [
    ['cex', 'Centralized exchanges', '中心化交易所'],
    ['listings', 'Listings & delistings', '上币与下架'],
    ['proof-of-reserves', 'Proof of reserves', '储备证明'],
    ['launchpools', 'Launchpools & earn', 'Launchpool 与理财'],
  ]),
  primary('regulation-macro', 'Regulation & macro', '监管与宏观', [
    ['regulation', 'Regulation & enforcement', '监管与执法'],
    ['etf', 'ETFs', 'ETF'],
    ['fed-rates', 'Fed & rates', '美联储与利率'],
    ['policy', 'Policy & politics', '政策与政治'],
  ]),
  primary('security', 'Security incidents', '安全事件', [
    ['hacks', 'Hacks', '黑客攻击'],
    ['exploits', 'Exploits & audits', '漏洞与审计'],
    ['scams', 'Scams & rug pulls', '诈骗与跑路'],
    ['phishing', 'Phishing & drainers', '钓鱼与盗币'],
  ]),
  primary('airdrops', 'Airdrops', '空投', [
    ['points', 'Points', '积分'],
    ['claims', 'Claims & eligibility', '领取与资格'],
    ['testnets', 'Testnets & farming', '测试网与交互'],
  ]),
];

const byId = new Map<string, TaxonomyNode>();
for (const p of TAXONOMY) {
  byId.set(p.id, p);
  for (const s of p.subs) byId.set(s.id, s);
}

/** True for a primary or primary/secondary id of the taxonomy (for validating crypto_types). */
export function isCategoryId(id: string): boolean {
  return byId.has(id);
}

/** The display name of a primary or secondary id in a language, or undefined for unknown ids. */
export function categoryName(id: string, lang: CategoryLang): string | undefined {
  const node = byId.get(id);
  return node && (lang === 'zh-CN' ? node.zh : node.en);
}

/** The view/tweet_category response: [{ id, name, subs: [{ id, name }] }]. */
export function tweetCategories(
  lang: CategoryLang,
): { id: string; name: string; subs: { id: string; name: string }[] }[] {
  const pick = (node: TaxonomyNode) => (lang === 'zh-CN' ? node.zh : node.en);
  return TAXONOMY.map((p) => ({ id: p.id, name: pick(p), subs: p.subs.map((s) => ({ id: s.id, name: pick(s) })) }));
}
