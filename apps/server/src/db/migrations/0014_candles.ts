// Coin prices (issue 16 §1): one row per (coin, interval, open time), written by the price
// worker from whichever price source is configured (demo, CoinGecko, Binance) and read by the
// price line, the ranking's price columns and the track records. Times are unix seconds, prices
// US dollars; `source` says which source wrote the row (a source switch rewrites rows in place).
export default /* sql */ `
CREATE TABLE candles (
  coin text NOT NULL,
  interval text NOT NULL CHECK (interval IN ('5m', '1h')),
  open_time bigint NOT NULL,
  open double precision NOT NULL,
  high double precision NOT NULL,
  low double precision NOT NULL,
  close double precision NOT NULL,
  volume double precision NOT NULL DEFAULT 0,
  source text NOT NULL,
  PRIMARY KEY (coin, interval, open_time)
);
`;
