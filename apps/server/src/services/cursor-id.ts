import { STORED_ID_MAX } from '@kolscope/contract';

/**
 * The pattern of a stored id inside a page cursor's text: any network's id (contract
 * networks.ts: `fc:0x…`, `tg:<channel>/<n>`, `bsky:<did>/<rkey>`, X's numbers), so a list never
 * stops paging because its last item came from a network other than X (issue 29).
 */
export const CURSOR_ID = `\\S{1,${STORED_ID_MAX}}`;

/** A cursor's text matched against `^…$` built from parts (CURSOR_ID among them). */
export function cursorPattern(...parts: string[]): RegExp {
  return new RegExp(`^${parts.join(':')}$`);
}
