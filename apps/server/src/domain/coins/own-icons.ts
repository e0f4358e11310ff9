/**
 * Icons we draw ourselves for top coins that no icon package has (checked: the
 * cryptocurrency-icons fork, @web3icons/core). Each is a plain 32x32 svg in the package icons'
 * style (a coloured disc with the coin's mark in white), so a top coin never shows the generic
 * placeholder beside obscure coins that have icons. Served by /coin-icons/ like the package's.
 */
export const OWN_ICONS: Readonly<Record<string, string>> = {
  // Pi Network: a white π on its purple disc.
  PI: `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#5B3A8E"/><g fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"><path d="M8.5 11.5h15"/><path d="M12.5 11.5v11"/><path d="M19.5 11.5v9.5q0 1.6 1.8 1.6"/></g><circle cx="16" cy="7.6" r="1.5" fill="#F5B933"/></svg>`,
};

/** Our own svg for a symbol (any case), or undefined. */
export function ownCoinIcon(symbol: string): string | undefined {
  return OWN_ICONS[symbol.toUpperCase()];
}
