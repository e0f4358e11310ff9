import { describe, expect, it } from 'vitest';
import { assignCategories } from '../../../src/pipeline/enrich/categories/assign';
import { extractCoins } from '../../../src/pipeline/enrich/coins/extract';

/** What the enricher does: coins first, then categories with them. */
const assign = (text: string) => assignCategories(text, extractCoins(text));
const ids = (text: string) => assign(text).map((r) => r.secondary ?? r.primary);

// [secondary expected first, English example, Chinese example]
const CASES: [string, string, string][] = [
  ['trading/ta', '$BTC bouncing off support, RSI oversold on the 4h chart', '大饼日线回踩支撑，MACD金叉'],
  ['trading/spot', 'Buy the dip and DCA, spot only', '现货定投，逢低抄底'],
  ['trading/whales', 'Whale alert: smart money is accumulating', '巨鲸和聪明钱都在买'],
  [
    'derivatives/liquidations',
    'Shorts got liquidated, $200M in liquidations in an hour',
    '今晚爆仓5亿美元，多单全部被清算',
  ],
  ['derivatives/funding', 'Funding rates flipped negative and open interest is climbing', '资金费率转负，多空比失衡'],
  ['derivatives/options', 'Deribit options expiry: max pain at 60k', '本周五期权交割，最大痛点6万'],
  ['derivatives/futures', 'Opened a 20x perp position with leverage', '开了永续合约，20倍杠杆'],
  ['defi/lending', 'Borrow USDC against ETH collateral on Aave', '在借贷协议抵押ETH借出稳定币'],
  [
    'defi/staking',
    'Restaking yields on EigenLayer are dropping, liquid staking still fine',
    '以太坊质押和再质押收益下降',
  ],
  ['defi/rwa', 'Tokenized treasuries are the RWA narrative', '现实世界资产代币化是新叙事'],
  ['defi/dex', 'DEX volume on Uniswap and Raydium beat CEXs', '去中心化交易所的流动性池，注意滑点'],
  ['l1-l2/rollups', 'New rollup launches on the OP Stack, another L2', '以太坊二层网络扩容方案'],
  ['l1-l2/bitcoin', 'Ordinals and runes are back, bitcoin L2 season', '比特币铭文和符文又火了'],
  ['l1-l2/alt-l1', 'Another high TPS layer 1 with a hard fork planned', '新公链主网上线，硬分叉'],
  ['memecoins/blue-chip', 'Memecoin season: $PEPE $WIF $BONK all ripping', '狗狗币和柴犬币，meme币都在涨'],
  ['memecoins/launchpads', 'New pump.fun launch, bonding curve almost complete', '内盘打满，马上上外盘'],
  ['memecoins/new-launches', 'Aped a lowcap gem from the trenches, contract address below', '冲土狗，金狗百倍币'],
  ['nft-gaming/nft', 'NFT floor price of Pudgy Penguins hits new high on OpenSea', 'NFT地板价创新高'],
  ['nft-gaming/gamefi', 'Web3 gaming and GameFi are back, play to earn 2.0', '链游复苏，边玩边赚'],
  ['nft-gaming/metaverse', 'The metaverse is not dead: virtual land sales', '元宇宙虚拟土地'],
  ['ai/agents', 'AI agents are eating crypto', 'AI智能体赛道爆发'],
  ['ai/compute', 'Decentralized GPU compute for AI inference', '去中心化算力和大模型'],
  ['ai/depin', 'DePIN networks are growing', 'DePIN去中心化物理基础设施'],
  ['stablecoins/depeg', 'USDe depeg scare: lost its peg for a minute', '稳定币脱锚引发恐慌'],
  ['stablecoins/decentralized', 'An algorithmic stablecoin is a synthetic dollar', '算法稳定币和合成美元'],
  ['stablecoins/payments', 'Stablecoin payments for cross border remittance', '稳定币跨境支付和汇款'],
  ['exchanges/listings', 'Binance will list $ABC, new listing announcement', '币安上币公告：新币上线'],
  ['exchanges/proof-of-reserves', 'Proof of reserves: customer funds are fully backed', '储备证明显示用户资产足额'],
  ['exchanges/cex', 'Coinbase and Kraken withdrawals are slow today', '币安和欧易提币很慢'],
  ['regulation-macro/regulation', 'SEC sues exchange over unregistered securities', '美国证监会起诉项目方，监管趋严'],
  ['regulation-macro/etf', 'Spot ETF inflows hit $1B as BlackRock buys', '贝莱德ETF大额流入'],
  ['regulation-macro/fed-rates', 'Fed rate cut at FOMC, CPI came in cool', '美联储降息，通胀回落'],
  ['regulation-macro/policy', 'Executive order on a strategic bitcoin reserve', '白宫签署行政命令，建立战略储备'],
  ['security/hacks', 'Protocol hacked, $50M drained by Lazarus', '某协议被黑客攻击，被盗5000万美元'],
  ['security/exploits', 'Flash loan exploit hits the protocol, the audit missed the bug', '闪电贷漏洞攻击，审计未发现'],
  ['security/scams', 'Rug pull alert: total scam, a ponzi', '项目方跑路，又是骗局'],
  ['security/phishing', 'Wallet drainer phishing site, never share your seed phrase', '钓鱼网站盗取助记词，注意授权'],
  ['airdrops/claims', 'Airdrop season: claim your tokens, eligibility checker is live', '空投来了，快去领取，查询资格'],
  ['airdrops/points', 'Points program season 2, farm points now', '积分活动第二季，刷积分'],
  ['airdrops/testnets', 'Testnet is live, interact daily for the airdrop', '测试网上线，每天交互撸毛'],
];

describe('assignCategories: every primary, in English and Chinese', () => {
  for (const [secondary, en, zh] of CASES) {
    const primary = secondary.split('/')[0]!;
    it(`${secondary}: "${en}"`, () => {
      expect(assign(en)[0]).toEqual({ primary, secondary });
    });
    it(`${secondary}: "${zh}"`, () => {
      expect(assign(zh)[0]).toEqual({ primary, secondary });
    });
  }
});

describe('assignCategories: scoring', () => {
  it('returns nothing for posts without category words', () => {
    expect(assign('gm frens, nice weather today')).toEqual([]);
    expect(assign('早上好，今天天气不错')).toEqual([]);
    expect(assign('')).toEqual([]);
  });

  it('reports a primary alone when only primary-level words match', () => {
    expect(assign('New airdrop incoming')).toEqual([{ primary: 'airdrops' }]);
    expect(assign('Stablecoins are eating the world')).toEqual([{ primary: 'stablecoins' }]);
  });

  it('orders by strength and returns at most three refs', () => {
    const refs = assign(
      'Exchange hacked and exploited, funds stolen; the SEC sues; airdrop claim delayed; funding rates negative; NFT floor down',
    );
    expect(refs.length).toBeLessThanOrEqual(3);
    expect(refs[0]).toEqual({ primary: 'security', secondary: 'security/hacks' });
  });

  it('adds a strong second secondary of the same primary while room remains', () => {
    expect(ids('链游和元宇宙')).toEqual(['nft-gaming/gamefi', 'nft-gaming/metaverse']);
  });

  it('ignores weak words on their own', () => {
    expect(assign('Long day today')).toEqual([]);
    expect(assign('I need to claim my luggage')).toEqual([]);
  });

  it('needs case for cased words: SEC and Fed, not "1 sec" or "fed up"', () => {
    expect(assign('wait 1 sec, I am fed up')).toEqual([]);
    expect(ids('The SEC and the Fed')).toEqual(['regulation-macro/regulation', 'regulation-macro/fed-rates']);
  });

  it('does not read URLs or cashtags as topic words', () => {
    expect(assign('https://example.com/airdrop/hack')).toEqual([]);
    expect(assign('$AI $HACK')).toEqual([]);
  });

  it('tolerates plurals', () => {
    expect(ids('Rollups everywhere')).toEqual(['l1-l2/rollups']);
  });
});

describe('assignCategories: coin hints', () => {
  it('reads memecoins from their coins alone', () => {
    expect(assignCategories('to the moon', ['DOGE'])).toEqual([
      { primary: 'memecoins', secondary: 'memecoins/blue-chip' },
    ]);
    expect(assignCategories('lfg', ['FARTCOIN'])).toEqual([{ primary: 'memecoins' }]);
    expect(assignCategories('lfg', ['TRUMP'])).toEqual([{ primary: 'memecoins', secondary: 'memecoins/politifi' }]);
  });

  it('does not let one chain or stablecoin ticker decide', () => {
    expect(assignCategories('looking strong', ['SOL'])).toEqual([]);
    expect(assignCategories('looking strong', ['ETH', 'USDT'])).toEqual([]);
  });

  it('lets hints add up, or back a keyword', () => {
    expect(assignCategories('looking strong', ['SUI', 'APT', 'SEI'])).toEqual([
      { primary: 'l1-l2', secondary: 'l1-l2/alt-l1' },
    ]);
    expect(assignCategories('the ecosystem is growing', ['SOL', 'JUP', 'JTO'])[0]).toEqual({
      primary: 'l1-l2',
      secondary: 'l1-l2/solana',
    });
    expect(assignCategories('stablecoins', ['USDC'])).toEqual([
      { primary: 'stablecoins', secondary: 'stablecoins/fiat-backed' },
    ]);
  });
});

describe('assignCategories: a security incident needs an incident (issue 29 §9)', () => {
  // Sign-offs and everyday safety words ("stay safe", "注意安全") are no incident on their own.
  const etfFlows = [
    'Spot $XRP ETF daily flows: net $420M. Full table below. stay safe out there',
    'Another day of strong inflows into the spot $SOL ETFs, $350M in. Bullish, stay safe',
    'Spot $ETH ETFs saw $210M of outflows today. Demand already fading. Security of your funds first, size down',
    '$XRP现货ETF每日资金流向：净4.2亿美元，注意安全',
    '$BTC现货ETF今日净流入3.5亿美元，机构持续买入，资金安全第一，理性看待',
  ];
  const incidents = [
    '🚨 Lendora has been exploited, roughly $40M drained so far. $CRV down 12%. Revoke approvals now',
    'Phishing site cloning Vaultic Finance is draining wallets. Terrible for $ETH, stay safe',
    'Security incident at Kestrel Money: the team paused every contract',
    '🚨Lendora被黑客攻击，损失约4000万美元，$CRV今天跌了12%，赶紧取消授权',
    'Quillfi发生安全事件，请勿与合约交互',
    '又一个钓鱼盗币合约盯上了$ETH持有者，损失惨重',
  ];
  it.each(etfFlows)('ETF flows, not security: "%s"', (text) => {
    const refs = assign(text);
    expect(refs.map((r) => r.primary)).not.toContain('security');
    expect(refs[0]).toEqual({ primary: 'regulation-macro', secondary: 'regulation-macro/etf' });
  });
  it.each(incidents)('a security incident: "%s"', (text) => {
    expect(assign(text).map((r) => r.primary)).toContain('security');
  });
});
