/** Splits a whitespace-separated word list: long lists stay compact and easy to scan. */
export function words(list: string): string[] {
  return list.trim().split(/\s+/);
}
