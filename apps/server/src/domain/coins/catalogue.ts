/**
 * The coin catalogue: every coin of the cryptocurrency-icons manifest plus our additions, with
 * display names, aliases (en and zh) and an icon URL. Built once at module load.
 *
 * Icons come from @bitgo-forks/cryptocurrency-icons, BitGo's maintained fork (CC0, no install
 * script): the same manifest and svg/color layout as the original, whose last release (0.18.1,
 * 2022) lacked SHIB, PEPE, TON, SUI, OP and most coins since, but with over 2,000 svgs. The
 * fork's manifest still lists the original 500 coins, so the catalogue is unchanged: only the
 * icons of our additions appear. The server serves each svg as a file (a few KB, cached a day).
 *
 * The manifest is read with createRequire rather than a JSON import: it resolves the same way
 * under vitest (source files) and in the esbuild bundle, where the package stays external and
 * import.meta.url is dist/cli.js (node_modules is found by walking up from either place).
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ADDED_COINS } from './additions';
import { EN_ALIASES, NAME_OVERRIDES, ZH_ALIASES } from './aliases';
import { OWN_ICONS } from './own-icons';

export interface Coin {
  /** Upper case, no '$'. */
  symbol: string;
  name: string;
  /** English and Chinese aliases, for search (detection uses aliases.ts directly). */
  aliases: string[];
  /** URL path: '/coin-icons/<symbol lower>.svg' when the package has an icon, else the generic one. */
  icon: string;
}

interface ManifestEntry {
  symbol: string;
  name: string;
  color: string;
}

export const COIN_ICON_PREFIX = '/coin-icons/';
export const GENERIC_ICON = `${COIN_ICON_PREFIX}generic.svg`;

/**
 * Manifest entries left out: fiat currencies and the generic placeholder are not coins, $PAC's
 * '$' cannot be stored, GOLD (an obscure token) would turn every "$GOLD" about the metal into a
 * coin, the obscure one-letter D, R and X would do the same to "$X" (the platform), and BSC is
 * the chain's name (its coin is BNB), written in caps all the time.
 */
const EXCLUDED = new Set(['USD', 'EUR', 'GBP', 'JPY', 'RUB', 'CNY', 'GENERIC', '$PAC', 'GOLD', 'D', 'R', 'X', 'BSC']);

const requireHere = createRequire(import.meta.url);
const manifestPath = requireHere.resolve('@bitgo-forks/cryptocurrency-icons/manifest.json');
const manifest = requireHere('@bitgo-forks/cryptocurrency-icons/manifest.json') as ManifestEntry[];
const svgDir = join(dirname(manifestPath), 'svg', 'color');

/** Lower-case symbols that have an svg; read once (a few hundred names) instead of a stat per icon. */
const svgSymbols = new Set(
  readdirSync(svgDir)
    .filter((file) => file.endsWith('.svg'))
    .map((file) => file.slice(0, -4)),
);

/**
 * Icon file names (without .svg) that are not the lower-case symbol: the fork names a few coins
 * by project, and files named by our symbol there are another token or absent.
 */
const ICON_FILES: Readonly<Record<string, string>> = { HYPE: 'hyperliquid', OKB: 'ethokb', S: 'sonic' };

const iconName = (symbol: string) => ICON_FILES[symbol] ?? symbol.toLowerCase();

function buildCatalogue(): { coins: Coin[]; fromPackage: number } {
  const coins: Coin[] = [];
  const seen = new Set<string>();
  const add = (rawSymbol: string, rawName: string) => {
    const symbol = rawSymbol.toUpperCase();
    // The manifest lists a few symbols twice (DASH, MATIC, OST...): the first entry wins.
    if (EXCLUDED.has(symbol) || seen.has(symbol)) return;
    seen.add(symbol);
    const lower = symbol.toLowerCase();
    coins.push({
      symbol,
      name: NAME_OVERRIDES[symbol] ?? rawName,
      aliases: [...(EN_ALIASES[symbol] ?? []), ...(ZH_ALIASES[symbol] ?? [])],
      icon: svgSymbols.has(iconName(symbol)) || OWN_ICONS[symbol] ? `${COIN_ICON_PREFIX}${lower}.svg` : GENERIC_ICON,
    });
  };
  for (const entry of manifest) add(entry.symbol, entry.name);
  const fromPackage = coins.length;
  for (const [symbol, name] of ADDED_COINS) add(symbol, name);
  return { coins, fromPackage };
}

const built = buildCatalogue();
export const COINS: readonly Coin[] = built.coins;

/** How many catalogue coins came from the package and how many from our additions. */
export const CATALOGUE_SOURCES = { fromPackage: built.fromPackage, added: COINS.length - built.fromPackage };

const bySymbol = new Map(COINS.map((coin) => [coin.symbol, coin]));

/** The coin for a symbol (any case, no '$'), or undefined when the catalogue lacks it. */
export function coinBySymbol(symbol: string): Coin | undefined {
  return bySymbol.get(symbol.toUpperCase());
}

/**
 * The absolute path of a coin's svg inside node_modules, for the /coin-icons/ route; 'generic'
 * gives the package's generic icon. Undefined for anything else, so a request path can never
 * reach outside the package's svg folder.
 */
export function coinIconFile(symbol: string): string | undefined {
  const lower = symbol
    .trim()
    .toLowerCase()
    .replace(/\.svg$/, '');
  if (lower === 'generic') return join(svgDir, 'generic.svg');
  const coin = bySymbol.get(lower.toUpperCase());
  if (!coin || coin.icon === GENERIC_ICON || !svgSymbols.has(iconName(coin.symbol))) return undefined;
  return join(svgDir, `${iconName(coin.symbol)}.svg`);
}
