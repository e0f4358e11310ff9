/**
 * The social networks kolscope reads (issue 17). A post and an account belong to one network; a
 * KOL (a person) may hold accounts on several. Stored ids carry the network as a prefix, except
 * X's own numeric ids (and `handle:<name>` rows for X handles not yet looked up):
 *   telegram  account `tg:<channel>`,  post `tg:<channel>/<message id>`
 *   bluesky   account `bsky:<did>`,    post `bsky:<did>/<rkey>`
 *   farcaster account `fc:<fid>`,      post `fc:<cast hash>`
 */
import { z } from 'zod';

export const NETWORKS = ['x', 'telegram', 'bluesky', 'farcaster'] as const;
export type Network = (typeof NETWORKS)[number];
export const network = z.enum(NETWORKS);

/** The id prefix of each network's stored ids ('' for X). */
export const NETWORK_ID_PREFIX: Record<Network, string> = {
  x: '',
  telegram: 'tg:',
  bluesky: 'bsky:',
  farcaster: 'fc:',
};

/** Which network a stored account or post id belongs to. */
export function networkOfId(id: string): Network {
  if (id.startsWith('tg:')) return 'telegram';
  if (id.startsWith('bsky:')) return 'bluesky';
  if (id.startsWith('fc:')) return 'farcaster';
  return 'x';
}
