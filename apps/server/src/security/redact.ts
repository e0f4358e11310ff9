/**
 * Removes credentials from text that leaves the process (config errors, CLI errors, source errors,
 * logs): the password of `scheme://user:password@host` and values of secret-looking query
 * parameters. One helper, so every message that may hold a URL goes through the same rules.
 */

const MASK = '***';

// scheme://userinfo@ : the user name stays (it helps to see which account), the password goes.
// A userinfo without a colon is often a token (https://TOKEN@host), so it goes entirely.
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@"'<>]*)@/gi;
const SECRET_PARAM =
  /([?&;](?:password|passwd|pass|pwd|secret|token|access_token|api_key|apikey|key|auth|sig|signature)=)[^&\s#"'<>]*/gi;

export function redact(text: string): string {
  return text
    .replace(USERINFO, (_all, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(':');
      return colon < 0 ? `${scheme}${MASK}@` : `${scheme}${userinfo.slice(0, colon)}:${MASK}@`;
    })
    .replace(SECRET_PARAM, `$1${MASK}`);
}

/** Configuration variables whose value is a secret as a whole: never echoed, only described. */
export const SECRET_VARIABLES = new Set([
  'INGEST_KEYS',
  'X_BEARER_TOKEN',
  'VAPID_PRIVATE_KEY',
  'CLASSIFIER_API_KEY',
  'SUMMARY_KEY',
  'COINGECKO_API_KEY',
  'INNER_CODES',
]);

/** A configuration value as it may appear in an error message. */
export function redactSetting(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (SECRET_VARIABLES.has(name)) return `${MASK} (${value.length} characters)`;
  return redact(value);
}
