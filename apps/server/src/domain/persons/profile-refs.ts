/**
 * Profile references: which accounts on which network a KOL names in their bio or links
 * ("x.com/alpha", "t.me/alpha_calls", "bsky.app/profile/alpha.bsky.social", "warpcast.com/alpha"),
 * and the KOL_LINKS notation operators write ("x:@alpha", "tg:alpha_calls", "bsky:@alpha.bsky.social",
 * "bsky:did:plc:…", "fc:1234", a bare X id). Pure: the stored accounts are matched by
 * db/repos/persons.ts.
 */
import { type Network, networkOfId } from '@kolscope/contract';

/** One account named by network and handle (lower case) or by its stored id. */
export type ProfileRef = { network: Network; handle: string } | { network: Network; id: string };

// Handles as each network allows them; a ref stops at the first character none allows.
const PROFILE_URLS: [Network, RegExp][] = [
  ['x', /(?:^|[^\w.])(?:x|twitter)\.com\/@?(\w{1,15})(?![\w/])/gi],
  ['telegram', /(?:^|[^\w.])(?:t|telegram)\.me\/(?:s\/)?([a-z]\w{3,31})(?!\w)/gi],
  ['bluesky', /(?:^|[^\w.])bsky\.app\/profile\/((?:did:[a-z]+:[\w.:-]{1,200})|(?:[\w-]{1,63}\.)+[a-z]{2,63})/gi],
  ['farcaster', /(?:^|[^\w.])(?:warpcast\.com|farcaster\.xyz)\/(?:@)?([a-z0-9][\w.-]{0,31})(?![\w])/gi],
];
// Paths of those sites that are not profiles.
const NOT_PROFILES = new Set(['home', 'i', 'intent', 'share', 'search', 'explore', 'settings', 'login', 'joinchat']);

/** The profiles a bio and a list of links name, each once. */
export function profileRefs(texts: string[]): ProfileRef[] {
  const found = new Map<string, ProfileRef>();
  for (const text of texts)
    for (const [network, re] of PROFILE_URLS)
      for (const m of text.matchAll(re)) {
        const name = m[1]!.toLowerCase();
        if (NOT_PROFILES.has(name)) continue;
        const ref: ProfileRef = name.startsWith('did:')
          ? { network, id: `bsky:${name}` }
          : network === 'telegram'
            ? { network, id: `tg:${name}` }
            : { network, handle: name };
        found.set(`${network}:${name}`, ref);
      }
  return [...found.values()];
}

/** Does the ref name this stored account? */
export function refersTo(ref: ProfileRef, a: { id: string; username: string; network?: string }): boolean {
  // An id carries its network (contract networks.ts); a handle is only unique within one.
  if ('id' in ref) return ref.id.toLowerCase() === a.id.toLowerCase();
  return ref.network === (a.network ?? networkOfId(a.id)) && ref.handle === a.username.toLowerCase();
}

/** A KOL_LINKS entry, or undefined when it is none of the forms (config.ts rejects it then). */
export function parseLinkRef(entry: string): ProfileRef | undefined {
  const e = entry.trim();
  if (/^\d{1,20}$/.test(e)) return { network: 'x', id: e };
  let m = /^x:@(\w{1,15})$/i.exec(e);
  if (m) return { network: 'x', handle: m[1]!.toLowerCase() };
  m = /^tg:@?([a-z]\w{3,31})$/i.exec(e);
  if (m) return { network: 'telegram', id: `tg:${m[1]!.toLowerCase()}` };
  m = /^bsky:(did:[a-z]+:[\w.:-]{1,200})$/i.exec(e);
  if (m) return { network: 'bluesky', id: `bsky:${m[1]!}` };
  m = /^bsky:@((?:[\w-]{1,63}\.)+[a-z]{2,63})$/i.exec(e);
  if (m) return { network: 'bluesky', handle: m[1]!.toLowerCase() };
  m = /^fc:(\d{1,20})$/.exec(e);
  if (m) return { network: 'farcaster', id: `fc:${m[1]!}` };
  return undefined;
}

/** KOL_LINKS: persons separated by ";", their accounts by ","; throws naming a bad entry. */
export function parseKolLinks(value: string): ProfileRef[][] {
  return value
    .split(';')
    .map((person) => person.split(',').filter((e) => e.trim()))
    .filter((entries) => entries.length > 0)
    .map((entries) => {
      if (entries.length < 2) throw new Error(`KOL_LINKS: a person needs 2 or more accounts: "${entries[0]}"`);
      return entries.map((e) => {
        const ref = parseLinkRef(e);
        if (!ref)
          throw new Error(
            `KOL_LINKS: not an account: "${e.trim()}" (123, x:@name, tg:name, bsky:@handle, bsky:did:…, fc:123)`,
          );
        return ref;
      });
    });
}
