/**
 * The top 100 coins by market cap as of late 2026, written from general knowledge (not fetched),
 * in rough market-cap order. Wrapped and staked copies (WBTC, stETH...) are left out: KOLs name
 * the underlying coin. PI stands last: it is the one top-100 coin the icon package lacks (its icon
 * is our own, own-icons.ts).
 */
export const TOP_100 = `
  BTC ETH USDT XRP BNB SOL USDC TRX DOGE ADA
  HYPE LINK BCH XLM SUI AVAX LEO TON SHIB LTC
  HBAR XMR DOT USDE DAI BGB UNI PEPE AAVE OKB
  TAO NEAR APT ETC ONDO ICP CRO ENA KAS ATOM
  POL VET ALGO RENDER ARB FIL WLD SEI BONK FET
  JUP QNT TRUMP OP INJ XDC FLR STX IMX TIA
  GT KAIA CAKE VIRTUAL LDO GRT THETA PYUSD SAND PENGU
  JASMY FLOKI XAUT WIF PAXG IOTA ENS CRV NEXO ZEC
  GALA KAVA PENDLE RAY BTT SKY WLFI ASTER PUMP USD1
  FDUSD ZRO ETHFI STRK CFX PYTH EIGEN MORPHO JTO PI
`
  .trim()
  .split(/\s+/);
