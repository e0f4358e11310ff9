import { describe, expect, it } from 'vitest';
import { DEMO_COINS, generateDemoPosts } from '../../../src/pipeline/sources/demo/index';
import { NOW } from '../demo/helpers';
import { extractCoins } from '../../../src/pipeline/enrich/coins/extract';

describe('extractCoins: cashtags', () => {
  it('reads cashtags in any case, upper case and without $', () => {
    expect(extractCoins('Loading up on $BTC and $eth')).toEqual(['BTC', 'ETH']);
    expect(extractCoins('$Sol looks ready')).toEqual(['SOL']);
  });

  it('counts a cashtag even for a guarded or cashtag-only ticker', () => {
    expect(extractCoins('$LINK breaking out')).toEqual(['LINK']);
    expect(extractCoins('$one and $near')).toEqual(['ONE', 'NEAR']);
    expect(extractCoins('$DATA is moving')).toEqual(['DATA']);
  });

  it('keeps unknown cashtags of 2-10 characters starting with a letter', () => {
    expect(extractCoins('$ZEREBRO and $AIXBT are the new agents')).toEqual(['ZEREBRO', 'AIXBT']);
    expect(extractCoins('$X is one letter, $ABCDEFGHIJK is eleven')).toEqual([]);
  });

  it('does not take amounts for coins', () => {
    expect(extractCoins('I made $100 today, $5k next week, $1.5B volume, $10M raise')).toEqual([]);
    expect(extractCoins('$1INCH is a coin though')).toEqual(['1INCH']);
  });

  it('reads a cashtag followed by a number, a unit or Chinese as the coin it starts with', () => {
    expect(extractCoins('$BTC100x多单')).toEqual(['BTC']);
    expect(extractCoins('$SHIB4小时级别突破')).toEqual(['SHIB']);
    expect(extractCoins('$UNI1小时')).toEqual(['UNI']);
    expect(extractCoins('$ETH2k止损 $SOL3x $PEPE15min $DOGE10pct')).toEqual(['ETH', 'SOL', 'PEPE', 'DOGE']);
    expect(extractCoins('$BTC1.5x')).toEqual(['BTC']);
    expect(extractCoins('$BTC多单 $ETH现货')).toEqual(['BTC', 'ETH']);
    expect(extractCoins('$BTCUSDT $ethusdt')).toEqual(['BTC', 'ETH']);
  });

  it('keeps symbols with digits of their own and the longest symbol a cashtag starts with', () => {
    expect(extractCoins('$API3 $AI16Z $USD1 $1INCH')).toEqual(['API3', 'AI16Z', 'USD1', '1INCH']);
    expect(extractCoins('$API35x')).toEqual(['API3']);
    // Letters after the symbol make another ticker, which stays as it is (a new coin, perhaps).
    expect(extractCoins('$BTCFI $SHIBAI')).toEqual(['BTCFI', 'SHIBAI']);
  });

  it('does not change clean cashtags in ordinary text', () => {
    expect(extractCoins('$BTC.')).toEqual(['BTC']);
    expect(extractCoins('Long $ETH. Then "$SOL," maybe')).toEqual(['ETH', 'SOL']);
    expect(extractCoins('今天$BTC突破，$ETH跟涨')).toEqual(['BTC', 'ETH']);
    expect(extractCoins('（$SOL）看多')).toEqual(['SOL']);
  });

  it('does not take stock, index or fiat cashtags for coins', () => {
    expect(extractCoins('$NVDA $TSLA $MSTR $COIN $SPX $DXY $USD $GOLD')).toEqual([]);
  });
});

describe('extractCoins: tickers, names and aliases', () => {
  it('reads plain tickers written in upper case only', () => {
    expect(extractCoins('BTC and ETH are up, XRP too')).toEqual(['BTC', 'ETH', 'XRP']);
    expect(extractCoins('Xrp or ada?')).toEqual(['XRP']); // "xrp" is an alias, "ada" is not
  });

  it('reads English names and aliases case-insensitively as whole words', () => {
    expect(extractCoins('Bitcoin, ethereum and SOLANA')).toEqual(['BTC', 'ETH', 'SOL']);
    expect(extractCoins('Dogecoin and Shiba Inu')).toEqual(['DOGE', 'SHIB']);
    expect(extractCoins('ripple wins in court')).toEqual(['XRP']);
    expect(extractCoins('bitcoiner')).toEqual([]);
  });

  it('prefers the longest alias: Bitcoin Cash is not Bitcoin', () => {
    expect(extractCoins('Bitcoin Cash')).toEqual(['BCH']);
    expect(extractCoins('Ethereum Classic and Ethereum')).toEqual(['ETC', 'ETH']);
  });

  it('ignores punctuation inside names: Fetch.ai, dog-wif-hat', () => {
    expect(extractCoins('Fetch.ai and dog wif hat')).toEqual(['FET', 'WIF']);
  });

  it('reads Chinese names and nicknames as substrings', () => {
    expect(extractCoins('比特币又新高了')).toEqual(['BTC']);
    expect(extractCoins('大饼二饼一起涨')).toEqual(['BTC', 'ETH']);
    expect(extractCoins('狗狗币和柴犬币，还有瑞波币')).toEqual(['DOGE', 'SHIB', 'XRP']);
    expect(extractCoins('莱特币 波卡 艾达币 索拉纳 币安币 波场 泰达币')).toEqual([
      'LTC',
      'DOT',
      'ADA',
      'SOL',
      'BNB',
      'TRX',
      'USDT',
    ]);
  });

  it('prefers the longest Chinese alias and skips non-coin words', () => {
    expect(extractCoins('比特币现金')).toEqual(['BCH']);
    expect(extractCoins('以太经典')).toEqual(['ETC']);
    expect(extractCoins('以太网交换机')).toEqual([]);
  });

  it('mixes Chinese text with tickers', () => {
    expect(extractCoins('BTC突破10万，以太坊跟涨')).toEqual(['BTC', 'ETH']);
  });

  it('ignores URLs and @mentions', () => {
    expect(extractCoins('https://example.com/bitcoin/BTC read this')).toEqual([]);
    expect(extractCoins('thanks @bitcoin and @BTC_news')).toEqual([]);
  });

  it('reads glued trading pairs and skips the quote of a pair', () => {
    expect(extractCoins('BTCUSDT and ETHPERP')).toEqual(['BTC', 'ETH']);
    expect(extractCoins('SOL/USDT long')).toEqual(['SOL']);
    expect(extractCoins('USDT supply keeps growing')).toEqual(['USDT']);
  });
});

describe('extractCoins: guards against everyday words', () => {
  it('does not read "one" as ONE', () => {
    expect(extractCoins('I have one question')).toEqual([]);
    expect(extractCoins('ONE MORE TIME')).toEqual([]);
  });

  it('does not read "link" as LINK', () => {
    expect(extractCoins('link in bio')).toEqual([]);
    expect(extractCoins('LINK IN BIO')).toEqual([]);
  });

  it('reads a guarded ticker with a cue', () => {
    expect(extractCoins('Chainlink is the oracle king')).toEqual(['LINK']);
    expect(extractCoins('#LINK')).toEqual(['LINK']);
    expect(extractCoins('LINK price looks good')).toEqual(['LINK']);
    expect(extractCoins('LINK/USDT breaking out')).toEqual(['LINK']);
    expect(extractCoins('LINKUSDT')).toEqual(['LINK']);
    expect(extractCoins('long NEAR here')).toEqual(['NEAR']);
    expect(extractCoins('LINK $15 next')).toEqual(['LINK']);
    expect(extractCoins('Watching SOL NEAR APT')).toEqual(['SOL', 'NEAR', 'APT']);
    expect(extractCoins('买入LINK')).toEqual(['LINK']);
    expect(extractCoins('LINK现货')).toEqual(['LINK']);
    expect(extractCoins('Harmony ONE and NEAR Protocol')).toEqual(['ONE', 'NEAR']);
  });

  it('does not read ambiguous names without their long form', () => {
    expect(extractCoins('near the top, the graph shows it, a maker of things, go with the flow')).toEqual([]);
    expect(extractCoins('GRT and MakerDAO')).toEqual(['GRT', 'MKR']);
    expect(extractCoins('a ton of optimism, stellar results, an avalanche of sells')).toEqual([]);
  });

  it('guards word tickers written in caps', () => {
    expect(extractCoins('GAS FEES ARE HIGH, NOT GOOD, HOT TAKE, FUN TIMES')).toEqual([]);
    expect(extractCoins('THE HYPE IS REAL, TRUMP SPEAKS, MEME SEASON')).toEqual([]);
    expect(extractCoins('OP is right, AR glasses, ZK proofs')).toEqual([]);
    expect(extractCoins('ETC ETC')).toEqual([]);
  });

  it('never reads cashtag-only tickers without the $, even with a cue', () => {
    expect(extractCoins('BIG DATA, #GAME night, #HODL, MAX PAIN, START NOW')).toEqual([]);
    expect(extractCoins('DATA price')).toEqual([]);
  });

  it('treats identifiers with underscores as no ticker', () => {
    expect(extractCoins('BLOCK_DATE BTC_ADDRESS')).toEqual([]);
  });
});

describe('extractCoins: order and dedupe', () => {
  it('dedupes mentions across forms', () => {
    expect(extractCoins('$BTC BTC bitcoin 比特币 #BTC')).toEqual(['BTC']);
  });

  it('puts cashtagged coins first, then by mention count, then by first appearance', () => {
    expect(extractCoins('ETH ETH ETH SOL and $DOGE')).toEqual(['DOGE', 'ETH', 'SOL']);
    expect(extractCoins('SOL then ETH then ETH')).toEqual(['ETH', 'SOL']);
    expect(extractCoins('ADA XRP')).toEqual(['ADA', 'XRP']);
    expect(extractCoins('$XRP ETH ETH $ADA $ADA')).toEqual(['ADA', 'XRP', 'ETH']);
  });

  it('adds bare mentions of a guarded coin once it counts', () => {
    expect(extractCoins('BTC BTC then $LINK LINK LINK')).toEqual(['LINK', 'BTC']);
    expect(extractCoins('BTC BTC, see LINK IN BIO LINK')).toEqual(['BTC']);
  });

  it('returns an empty list for text without coins', () => {
    expect(extractCoins('')).toEqual([]);
    expect(extractCoins('gm, what a day 🚀')).toEqual([]);
  });
});

describe('extractCoins: bare tickers in Chinese text (issue 29 §9)', () => {
  it('reads a guarded ticker touching Chinese writing, as a ticker in English is read', () => {
    expect(extractCoins('HYPE今天涨了5%，继续拿着')).toEqual(['HYPE']);
    expect(extractCoins('大家怎么看HYPE？')).toEqual(['HYPE']);
    expect(extractCoins('我买了 HYPE 和 SOL')).toEqual(['HYPE', 'SOL']);
    expect(extractCoins('LINK今天跌了3%，NEAR还在横盘')).toEqual(['LINK', 'NEAR']);
    expect(extractCoins('【快讯】TRUMP解锁在即')).toEqual(['TRUMP']);
  });

  it('reads a ticker glued to a timeframe or leverage in Chinese, as a cashtag is read', () => {
    expect(extractCoins('TON4小时顶背离，SOL5x多单被爆仓')).toEqual(['TON', 'SOL']);
    // English puts a space there: a glued word stays a word.
    expect(extractCoins('SOL5x TON4 gang')).toEqual([]);
  });

  it('leaves English alone: the same words in English text still need a cue', () => {
    expect(extractCoins('The HYPE is real, LINK in bio')).toEqual([]);
    expect(extractCoins('THE HYPE IS REAL')).toEqual([]);
  });

  it('does not read the capitals Chinese posts use as words, nor one or two letters', () => {
    expect(extractCoins('GAS费太高了')).toEqual([]);
    expect(extractCoins('这波MEME行情太猛')).toEqual([]);
    expect(extractCoins('OMG，大饼又新高')).toEqual(['BTC']);
    expect(extractCoins('GMT+8 晚上8点开盘')).toEqual([]);
    expect(extractCoins('GOAT级别的操作')).toEqual([]);
    expect(extractCoins('OP说得对，AI叙事还在')).toEqual([]);
  });

  it('finds every coin the demo names by a bare ticker in its Chinese posts', () => {
    const named = DEMO_COINS.flatMap((c) => c.zh.filter((z) => /^[A-Z]{3,}$/.test(z)).map((z) => [z, c.symbol]));
    const posts = generateDemoPosts({ fromMs: NOW - 3 * 86_400_000, toMs: NOW }).filter((p) => p.lang === 'zh');
    let checked = 0;
    const missed: string[] = [];
    for (const p of posts) {
      for (const [ticker, symbol] of named) {
        // The ticker alone, not a cashtag or part of a longer word.
        if (!new RegExp(`(?<![$A-Za-z])${ticker}(?![A-Za-z])`).test(p.text)) continue;
        checked++;
        if (!extractCoins(p.text).includes(symbol!)) missed.push(`${symbol}: ${p.text}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missed.slice(0, 10)).toEqual([]);
  });
});
