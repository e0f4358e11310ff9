/**
 * Keyword rules for category assignment, per target id (a secondary, or a primary when the word
 * says only that much). Lists are comma-separated; English entries are whole words or phrases
 * matched case-insensitively (punctuation ignored: "pump.fun" is "pump fun", "on-chain" is
 * "on chain"; a trailing plural 's' in the post is tolerated), Chinese entries are substrings.
 *
 * Prefixes on an entry: '!' strong (weight 2: the word alone settles the category), '?' weak
 * (0.5: everyday words that only help alongside others), '=' the post must not write it all in
 * lower case ("SEC"/"Fed", not "1 sec" or "fed up"); prefixes combine ('!=sec'). Everything
 * else weighs 1. A Chinese entry may mix in Latin letters ('k线', 'solana生态'), written lower case.
 */
export interface KeywordRule {
  en: string;
  zh: string;
}

export const KEYWORDS: Readonly<Record<string, KeywordRule>> = {
  'trading/ta': {
    en: '!=ta, !technical analysis, chart, support, resistance, breakout, breakdown, trendline, fib, fibonacci, rsi, macd, ema, sma, moving average, !head and shoulders, double bottom, double top, wedge, higher low, higher high, lower high, lower low, consolidation, retest, candle, weekly close, daily close, bull flag, bear flag, divergence, oversold, overbought, golden cross, death cross, elliott wave, bollinger, vwap, timeframe, htf, ltf, demand zone, supply zone, range high, range low, ?level',
    zh: '!技术分析, k线, 支撑, 阻力, 压力位, 突破, 跌破, 均线, 日线, 周线, 月线, 头肩, 双底, 双顶, 楔形, 趋势线, 回踩, 超卖, 超买, 金叉, 死叉, 斐波那契, 背离, 形态, 收线, 图表',
  },
  'trading/spot': {
    en: 'spot, spot buy, spot bag, dca, dollar cost averaging, accumulate, accumulating, accumulation, bought more, buy the dip, btfd, take profit, taking profit, profit taking, stop loss, hodl, hodling, ?entry, ?bag',
    zh: '现货, 定投, 抄底, 囤币, 建仓, 加仓, 减仓, 止盈, 止损, 屯币',
  },
  'trading/onchain': {
    en: '!onchain data, !on chain data, onchain, on chain, ?inflow, ?outflow, netflow, exchange inflows, exchange outflows, active addresses, mvrv, sopr, nupl, realized price, hashrate, hash rate, glassnode, cryptoquant, nansen, dune, lookonchain',
    zh: '!链上数据, 链上, ?流入, ?流出, 净流入, 净流出, 活跃地址, 全网算力',
  },
  'trading/whales': {
    en: 'whale, smart money, whale alert, insider, insiders, ?large transfer',
    zh: '巨鲸, 鲸鱼, 聪明钱, 大户, 主力, 庄家, 内幕',
  },
  'trading/market': {
    en: 'market update, market recap, altseason, alt season, altcoin season, bull market, bear market, bull run, market cap, dominance, fear and greed, price action, rally, crash, correction, ath, all time high, new high, capitulation, ?pump, ?dump, ?dip, ?sentiment, ?altcoins',
    zh: '行情, 牛市, 熊市, 大盘, 山寨季, 市值, 暴跌, 暴涨, 回调, 新高, 历史新高, 贪婪指数, 恐慌指数, 插针, 反弹, 拉盘, 砸盘',
  },
  'derivatives/futures': {
    en: '!futures, perp, perps, perpetual, perpetuals, leverage, leveraged, long position, short position, short squeeze, long squeeze, margin, isolated margin, cross margin, ?long, ?short, ?longs, ?shorts',
    zh: '!合约, 永续, 杠杆, 做多, 做空, 多单, 空单, 开多, 开空, 期货, 保证金, 逼空, 轧空',
  },
  'derivatives/options': {
    en: '!options, call options, put options, puts, strike, expiry, expiration, deribit, max pain, implied volatility, =iv, gamma',
    zh: '!期权, 行权, 交割, 最大痛点, 看涨期权, 看跌期权, 隐含波动率',
  },
  'derivatives/liquidations': {
    en: '!liquidation, !liquidations, !liquidated, rekt, wiped out, coinglass, liquidation map, liqs',
    zh: '!爆仓, 清算, 强平, 被爆',
  },
  'derivatives/funding': {
    en: '!funding rate, !funding rates, !open interest, =oi, basis, negative funding, positive funding, long short ratio',
    zh: '!资金费率, 费率, 持仓量, 未平仓, 多空比',
  },
  derivatives: { en: 'derivatives', zh: '衍生品' },
  'defi/dex': {
    en: '!dex, dexs, decentralized exchange, uniswap, raydium, pancakeswap, meteora, aerodrome, liquidity pool, amm, aggregator, slippage, ?swap, ?lp',
    zh: '去中心化交易所, 流动性池, 兑换, 滑点',
  },
  'defi/lending': {
    en: '!lending, lend, borrow, borrowing, loan, aave, morpho, kamino, collateral, health factor, money market, cdp',
    zh: '!借贷, 借款, 抵押, 贷款',
  },
  'defi/staking': {
    en: '!staking, stake, staked, restaking, restake, liquid staking, lst, lrt, lido, eigenlayer, validator, unstake, unstaking',
    zh: '!质押, 再质押, 流动性质押, 验证者, 解质押',
  },
  'defi/yield': {
    en: 'yield, apy, =apr, farming, yield farming, vault, pendle, real yield, liquidity mining',
    zh: '收益, 年化, 流动性挖矿, 收益率',
  },
  'defi/rwa': {
    en: '!rwa, !real world assets, !real world asset, tokenization, tokenized, tokenised, treasuries, buidl, centrifuge, tokenized stocks',
    zh: '!现实世界资产, 代币化, 美债代币, 股票代币',
  },
  defi: { en: '!defi, decentralized finance, tvl, ?protocol', zh: '去中心化金融, 锁仓量' },
  'l1-l2/ethereum': {
    en: 'ethereum ecosystem, evm, vitalik, pectra, dencun, fusaka, the merge, ethereum foundation, eip, ?gas fees',
    zh: '以太坊生态, eth生态, 以太坊基金会, v神',
  },
  'l1-l2/solana': {
    en: 'solana ecosystem, firedancer, alpenglow, solana mobile, seeker, sol ecosystem',
    zh: '索拉纳生态, solana生态, sol生态',
  },
  'l1-l2/bitcoin': {
    en: '!ordinals, inscriptions, inscription, runes, brc20, brc 20, bitcoin l2, bitcoin layer 2, lightning network, taproot, halving, miners, babylon, bitcoin ecosystem',
    zh: '!铭文, 符文, 减半, 比特币生态, 闪电网络, 矿工, 矿机',
  },
  'l1-l2/rollups': {
    en: '!rollup, !rollups, l2, layer 2, layer2, layer two, zk, zkevm, zk rollup, optimistic rollup, sequencer, op stack, superchain, starknet, zksync, linea, base chain, data availability, celestia, appchain, app chain',
    zh: '!二层, 二层网络, 扩容, 侧链, 排序器',
  },
  'l1-l2/alt-l1': {
    en: 'l1, layer 1, layer1, alt l1, tps, consensus, monad, berachain, block time, hard fork, ?mainnet, ?blockchain, ?upgrade',
    zh: '!公链, 新公链, 分叉, 硬分叉, 高性能, ?主网',
  },
  'memecoins/launchpads': {
    en: '!pump fun, !pumpfun, bonk fun, letsbonk, four meme, bonding curve, graduated, moonshot, launchpad',
    zh: '发射平台, 内盘, 外盘, 打满, 毕业, 联合曲线',
  },
  'memecoins/new-launches': {
    en: 'contract address, stealth launch, fair launch, new launch, snipe, sniped, sniper, dev sold, dev wallet, aped, aping, trenches, low cap, lowcap, microcap, jeet, bundled, =ca, ?gem',
    zh: '!土狗, 金狗, 冲土狗, 狙击, 新币, 百倍币, 千倍币, 打狗',
  },
  'memecoins/blue-chip': { en: 'dog coin, dog coins, frog coin, meme leader, meme leaders', zh: '龙头meme, 蓝筹meme' },
  'memecoins/politifi': {
    en: 'politifi, celebrity coin, celebrity coins, political meme, melania, trump coin, official trump',
    zh: '名人币, 政治币, 川普币, 特朗普币',
  },
  memecoins: {
    en: '!memecoin, !meme coin, !memecoins, meme season, degen, degens, ?meme, ?memes',
    zh: '!meme币, 迷因币, 模因币, 迷因, 模因',
  },
  'nft-gaming/nft': {
    en: '!nft, !nfts, non fungible, opensea, magic eden, floor price, pfp, cryptopunks, punks, bayc, bored ape, azuki, milady, pudgy penguins, ?mint, ?minted, ?minting, ?floor, ?collection',
    zh: '!数字藏品, 地板价, 铸造, 头像',
  },
  'nft-gaming/gamefi': {
    en: '!gamefi, web3 gaming, web3 game, play to earn, p2e, crypto gaming, onchain game, axie, illuvium, ?gaming, ?game',
    zh: '!链游, 边玩边赚, 打金, 游戏',
  },
  'nft-gaming/metaverse': {
    en: '!metaverse, virtual world, virtual land, decentraland, the sandbox, otherside',
    zh: '!元宇宙, 虚拟世界, 虚拟土地',
  },
  'ai/agents': {
    en: '!ai agent, !ai agents, agentic, autonomous agent, eliza, elizaos, virtuals, agent framework, x402, ?agent, ?mcp',
    zh: '!智能体, 智能代理, ai代理',
  },
  'ai/compute': {
    en: 'gpu, compute, decentralized compute, inference, ai model, llm, nvidia, openai, chatgpt, gpt, machine learning, bittensor, subnet, ?training',
    zh: '算力, 大模型, 模型训练, 英伟达, 显卡',
  },
  'ai/depin': {
    en: '!depin, decentralized physical infrastructure, physical infrastructure, hivemapper, helium, wireless network',
    zh: '!去中心化物理基础设施, 物理基础设施',
  },
  ai: { en: '!ai, artificial intelligence, ai coins, ai tokens, ai narrative, crypto ai', zh: '!人工智能' },
  'stablecoins/fiat-backed': {
    en: 'tether, circle, usdt supply, usdc supply, stablecoin issuer, genius act, ?minted, ?treasury backed',
    zh: '泰达, 增发, 法币稳定币, 美元稳定币',
  },
  'stablecoins/decentralized': {
    en: '!decentralized stablecoin, !algorithmic stablecoin, algo stablecoin, synthetic dollar, ethena, crvusd, gho',
    zh: '!算法稳定币, !去中心化稳定币, 合成美元',
  },
  'stablecoins/depeg': {
    en: '!depeg, !depegged, !depegging, lost its peg, lost the peg, repeg, ?peg',
    zh: '!脱锚, 锚定, 挤兑',
  },
  'stablecoins/payments': {
    en: 'cross border payments, cross border, remittance, payment rails, stablecoin payments, visa, mastercard, stripe, paypal, ?payment, ?merchant, ?settlement',
    zh: '支付, 跨境支付, 汇款, 结算',
  },
  stablecoins: { en: '!stablecoin, !stablecoins, !stable coin, stables', zh: '!稳定币' },
  'exchanges/cex': {
    en: 'binance, coinbase, okx, bybit, bitget, kraken, kucoin, gate io, htx, huobi, upbit, bithumb, mexc, crypto exchange, cex, centralized exchange, =cz, ?withdrawal, ?deposit',
    zh: '!交易所, 币安, 欧易, 火币, 抹茶, 中心化交易所, 提币, 充值, 提现',
  },
  'exchanges/listings': {
    en: '!listing, listed, !will list, delist, delisting, delisted, new listing, trading pairs, ?roadmap',
    zh: '!上币, !上所, 下架, 上架, 新币上线, ?上线',
  },
  'exchanges/proof-of-reserves': {
    en: '!proof of reserves, !proof of reserve, =por, reserve audit, exchange reserves, insolvent, insolvency, customer funds, solvency',
    zh: '!储备证明, 储备金, 资不抵债, 挪用, 用户资产',
  },
  'exchanges/launchpools': {
    en: '!launchpool, megadrop, hodler airdrop, binance alpha, simple earn, earn program',
    zh: '新币挖矿, 理财',
  },
  'regulation-macro/regulation': {
    en: '!=sec, cftc, regulation, regulator, regulatory, gensler, atkins, lawsuit, sued, sues, wells notice, compliance, kyc, aml, mica, clarity act, market structure bill, enforcement, securities law, howey, unregistered security, banned, license, licence, ruling, ?ban, ?court, ?judge',
    zh: '!监管, 证监会, 诉讼, 起诉, 合规, 牌照, 禁令, 法案, 法院, 判决',
  },
  'regulation-macro/etf': {
    en: '!etf, !etfs, spot etf, etf inflows, etf outflows, etf flows, blackrock, ibit, fidelity, grayscale, gbtc, etf approval, 19b 4',
    zh: '贝莱德, 灰度, 富达, 现货etf, etf通过, etf资金',
  },
  'regulation-macro/fed-rates': {
    en: '!=fed, !fomc, powell, rate cut, rate hike, interest rate, interest rates, cpi, ppi, inflation, jobs report, nfp, nonfarm payrolls, unemployment, treasury yields, bond yields, dxy, quantitative easing, =qe, =qt, recession, soft landing, jackson hole, dot plot, basis points, bps, rate decision, ?liquidity',
    zh: '!美联储, !降息, !加息, 利率, 鲍威尔, 通胀, 非农, 议息, 缩表, 扩表, 放水, 美债收益率, 经济衰退, 就业数据, 失业率',
  },
  'regulation-macro/policy': {
    en: 'white house, congress, senate, executive order, strategic bitcoin reserve, bitcoin reserve, strategic reserve, crypto czar, tariff, trade war, election, legislation, central bank, cbdc, el salvador, bukele, digital euro, crypto policy, ?policy, ?government, ?bill, ?trump',
    zh: '关税, 贸易战, 白宫, 国会, 行政命令, 战略储备, 比特币储备, 政策, 央行, 数字人民币, 选举, 特朗普, 川普',
  },
  'regulation-macro': { en: 'macro, macroeconomic, economy', zh: '宏观, 宏观经济' },
  'security/hacks': {
    en: '!hack, !hacked, hacker, hackers, stolen, drained, breach, compromised, lazarus, north korea',
    zh: '!黑客, !被盗, 被黑, 盗币, 朝鲜, 私钥泄露',
  },
  'security/exploits': {
    en: '!exploit, !exploited, vulnerability, vulnerabilities, bug, flash loan, reentrancy, oracle manipulation, audit, audited, bug bounty, white hat, whitehat, post mortem, postmortem',
    zh: '!漏洞, 闪电贷, 审计, 白帽, 攻击事件, 预言机操纵',
  },
  'security/scams': {
    en: '!scam, scammer, !rug pull, rug, rugged, rugpull, exit scam, ponzi, honeypot, fraud, fraudulent, pig butchering, ?fake, ?beware',
    zh: '!诈骗, 骗局, 跑路, 貔貅, 庞氏, 骗子, 资金盘, 杀猪盘, ?割韭菜',
  },
  'security/phishing': {
    en: '!phishing, phish, drainer, wallet drainer, malicious, fake airdrop, seed phrase, address poisoning, ?approval',
    zh: '!钓鱼, 助记词, 授权, 恶意, 地址投毒, 假空投',
  },
  // "Stay safe", "security of your funds", "注意安全" close all kinds of posts: alone they are no
  // incident (issue 29 §9: ETF flows signed "stay safe out there" were tagged as one), they only
  // back an incident word. "Security incident" / 安全事件 name one.
  security: { en: '!security incident, ?security, ?stay safe, ?safu', zh: '!安全事件, 安全提醒, ?安全' },
  'airdrops/points': {
    en: '!points program, points farming, points campaign, loyalty points, yaps, ?points, ?xp, ?season',
    zh: '!积分, 刷积分',
  },
  'airdrops/claims': {
    en: 'claim now, claimable, eligible, eligibility, eligibility checker, snapshot, tge, token generation event, allocation, ?claim, ?claimed, ?checker, ?vesting',
    zh: '领取, 快照, 查询资格, 资格, 发币, 分配',
  },
  'airdrops/testnets': {
    en: '!testnet, incentivized testnet, faucet, interact, interaction, airdrop farming, sybil, multiple wallets, quest, galxe, zealy, retroactive, retro',
    zh: '!测试网, !撸毛, 交互, 撸空投, 女巫, 水龙头, 任务, 刷交互, 多号',
  },
  airdrops: { en: '!airdrop, !airdrops, airdrop season', zh: '!空投, 大毛' },
};

/**
 * Coins that hint at a category by themselves, with the hint's weight: memecoins are memecoin
 * talk (1); sector coins only help other evidence (0.5: one hint stays under the threshold, so
 * "$SOL breakout" is trading, not L1); chain and stablecoin tickers sit in nearly every post
 * ("ETH and SOL pumping", "BTC/USDT"), so it takes three of them (0.34) to make the category.
 * Space-separated symbols.
 */
export const COIN_HINTS: readonly (readonly [target: string, weight: number, symbols: string])[] = [
  ['memecoins/blue-chip', 1, 'DOGE SHIB PEPE BONK WIF FLOKI'],
  [
    'memecoins',
    1,
    'POPCAT MOG BRETT NEIRO TURBO BOME MEW PENGU DOGS MEME PNUT GOAT MOODENG FARTCOIN BABYDOGE PEOPLE SAFEMOON',
  ],
  ['memecoins/politifi', 1, 'TRUMP'],
  ['stablecoins/fiat-backed', 0.34, 'USDT USDC FDUSD PYUSD TUSD BUSD USD1 RLUSD GUSD HUSD PAX'],
  ['stablecoins/decentralized', 0.34, 'DAI USDE FRAX'],
  ['l1-l2/ethereum', 0.34, 'ETH'],
  ['l1-l2/solana', 0.34, 'SOL JUP JTO'],
  ['l1-l2/bitcoin', 0.5, 'ORDI STX'],
  ['l1-l2/rollups', 0.34, 'ARB OP STRK ZK MATIC POL MNT BLAST MANTA ALT DYM TIA'],
  ['l1-l2/alt-l1', 0.34, 'ADA AVAX DOT NEAR SUI APT SEI TON ATOM TRX ALGO HBAR KAS FTM S EGLD XLM ICP BERA'],
  ['defi/dex', 0.5, 'UNI CAKE SUSHI CRV RAY ORCA 1INCH'],
  ['derivatives/futures', 0.5, 'DYDX GMX HYPE AEVO'],
  ['defi/lending', 0.5, 'AAVE COMP MORPHO'],
  ['defi/staking', 0.5, 'LDO RPL EIGEN ETHFI STETH SSV'],
  ['defi/yield', 0.5, 'PENDLE CVX YFI'],
  ['defi/rwa', 0.5, 'ONDO OM'],
  ['ai/agents', 0.5, 'VIRTUAL AI16Z'],
  ['ai/compute', 0.5, 'TAO FET RENDER RNDR AKT IO AGI'],
  ['ai/depin', 0.5, 'HNT FIL AR GRASS IOTX'],
  ['nft-gaming/gamefi', 0.5, 'AXS GALA IMX ILV YGG RON MAGIC PIXEL'],
  ['nft-gaming/metaverse', 0.5, 'SAND MANA'],
  ['nft-gaming/nft', 0.5, 'BLUR APE'],
  ['exchanges/cex', 0.34, 'BNB OKB BGB CRO KCS GT LEO HT'],
];
