/** Channel names as TELEGRAM_CHANNELS accepts them; no dependencies, so config.ts can use it. */

/** `name`, `@name`, `t.me/name`, `https://t.me/s/name` → `name`; '' when not a channel name. */
export function normaliseChannel(raw: string): string {
  const name = raw
    .trim()
    .replace(/^https?:\/\//, '')
    .replace(/^(www\.)?t\.me\/(s\/)?/, '')
    .replace(/^@/, '')
    .replace(/\/+$/, '');
  return /^[A-Za-z0-9_]{4,32}$/.test(name) ? name : '';
}
