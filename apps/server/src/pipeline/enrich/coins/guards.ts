/**
 * Guards against reading everyday words as coins.
 *
 * The rule (applied in extract.ts):
 * - A cashtag ($LINK, $link) always counts.
 * - A ticker written in ALL CAPS counts on its own unless it is GUARDED or CASHTAG_ONLY below.
 * - A GUARDED ticker in ALL CAPS counts only with a cue: written as a hashtag (#LINK), glued to a
 *   quote currency (LINKUSDT), or right next to a cue word ("LINK price", "LINK/USDT", "long
 *   LINK", "LINK $15", "LINK 现货", "买入LINK"), or, three letters or more, touching Chinese
 *   ("HYPE今天涨了", ZH_BORROWED aside). Once it counts, its other bare mentions in the same post
 *   add to its mention count.
 * - A CASHTAG_ONLY ticker counts only as a cashtag.
 * - Lower-case words are never tickers; only the aliases in aliases.ts (which leave out every
 *   ambiguous name, e.g. "near", "link", "one", "graph") match case-insensitively.
 *
 * Tickers of one or two letters are always guarded (OP, AR, ZK, W, S, IP, OK, CC...): in caps
 * they are far more often abbreviations than coins.
 */

import { words } from '../../../domain/words';

/**
 * Guarded tickers of coins KOLs do talk about whose ticker is also an English word or a common
 * abbreviation in caps (LINK, ONE, NEAR, GAS, ETC, OMG, TON, HYPE, TRUMP, GMT...): they need
 * a cue.
 */
export const GUARDED = new Set<string>(
  words(`
  ALT APE APT ARB ARK AST ASTER BAL BAND BAT BLAST BLUR BRETT CAKE COMP DASH DOGS ELF ETC FLOW FUN
  GALA GAS GMT GOAT GRASS HOT HYPE LEO LINK MAGIC MANA MANTA MEME MEW MTL NEAR NOT OCEAN OMG ONE
  ORCA PEOPLE PIXEL PUMP RAY REN RENDER RON ROSE RUNE SAND SKY SUN TIA TON TRUMP TURBO WAX ZEN
`),
);

/**
 * Tickers that count only as cashtags: obscure package coins named by everyday words or
 * abbreviations (#DATA, #GAME, #HODL, "MAX", "DLT", "FTC", "CDT"...). Unlike GUARDED, no cue
 * is enough: a hashtag or "GAME price" is still far more likely the word than the coin.
 */
export const CASHTAG_ONLY = new Set<string>(
  words(`
  ACT ADD AEON AMB AMP ANT ARG ATM AUTO BAY BCC BEAM BLK BLOCK BOOTY BOS BOX BSD BTS BURST CALL CDN
  CDT CHAIN CHAT CHIPS CLAM CLOAK CMT COB CRED CTR DAT DATA DENT DEW DLT DNT DOCK DROP ECA EDO
  ELLA ENG EON EXP FAIR FLUX FTC FUEL GAME GIN GRIN HIVE HODL HTML HUSH ILK INK INS ION ITC KIN
  LEND LOOM MAID MAX MCAP MED MOD MONA MTH MUSIC NAS NAV NIO NXT OMNI OXY PART PAX PAY PINK POA
  POE POLIS POLY POT PPC PPP PPT PRE RAP REP REQ RISE SAFE SALT SAN SER SHIFT SIN SLR SMART SOC
  START STORM STRAT SUB SUMO SYS TAU TEL TEN TIX TKN TNT TRIG UNITY VIA VIBE VIVO WAN WINGS WTC
  ZEST ZILLA
`),
);

/** Words that, right next to a guarded ALL-CAPS ticker, make it a coin (compared lower-cased). */
export const CUE_WORDS = new Set<string>(
  words(`
  price prices chart charts token tokens coin coins usdt usdc usd busd fdusd btc eth perp perps
  spot futures long longs longed short shorts shorted pump pumping pumped dump dumping dumped bag
  bags holders holder bought sold buy buying sell selling staking breakout ath mcap marketcap
  rally rallying bullish bearish listing airdrop entry tp sl support resistance ecosystem network
  mainnet
`),
);

/**
 * In Chinese text a guarded ticker touching Chinese characters counts without a cue ("HYPE今天涨了",
 * "大家怎么看 LINK？"): an English word written in capitals inside Chinese is a ticker far more often
 * than the word. Except these, which Chinese posts do use as words in capitals: GAS费, MEME币 /
 * MEME行情 (memecoins at large), PUMP一波, GOAT (the greatest), OMG, GMT+8, ARK (the fund), ...
 * Tickers of one or two letters stay guarded (OP, AI, IP, OK are everyday in Chinese posts too).
 */
export const ZH_BORROWED = new Set<string>(
  words(`
  ALT ARK FUN GAS GMT GOAT HOT MEME NOT OMG ONE PEOPLE PUMP
`),
);

/** Chinese cues: a following text starting with one, or a preceding text ending with one. */
export const ZH_CUES_AFTER: readonly string[] = words(`
  价格 现货 合约 币 涨 跌 突破 多单 空单 持仓 质押 生态 主网 上线
`);
export const ZH_CUES_BEFORE: readonly string[] = words(`
  买入 卖出 做多 做空 抄底 加仓 减仓 持有 买 卖
`);

/** Quote currencies a ticker may be glued to in a pair (BTCUSDT, ETHPERP). */
export const PAIR_SUFFIXES: readonly string[] = words(`
  USDT USDC BUSD FDUSD PERP
`);

/**
 * Cashtags not in the catalogue are kept (new tokens launch daily and a cashtag is a KOL's
 * clearest pointer), except these: stock and ETF tickers, indices, fiat and commodities that
 * crypto posts cashtag all the time.
 */
export const CASHTAG_DENY = new Set<string>(
  words(`
  AAPL AMZN GOOG GOOGL META MSFT NVDA TSLA NFLX AMD INTC ARM AVGO TSM ORCL SMCI PLTR BABA PYPL SQ
  XYZ JPM GS DIS MSTR COIN HOOD CRCL GLXY MARA RIOT CLSK HUT BITF CORZ IREN CIFR WULF GME AMC SPY
  QQQ SPX NDX DJI DJIA IWM VIX DXY TLT GLD SLV IBIT FBTC GBTC ETHA BITO ETHE USO OIL XAU XAG USD
  EUR GBP JPY CNY CNH HKD CAD AUD CHF KRW SGD INR GOLD SILVER WMT SHOP ROKU NIO COST UBER ABNB
`),
);
