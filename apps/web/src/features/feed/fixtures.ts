/** Posts for unit tests (not part of the app bundle: only tests import this). */
import type { Post } from '@kolscope/contract';

export function makePost(id: string | number, ct = 1_700_000_000): Post {
  return {
    id: String(id),
    text: `post ${id}`,
    ct,
    user: { icon: '', name: 'A', username: 'a', isBlueVerified: false, verifiedType: 'none' },
    categoryList: [],
    coinViewList: [],
    medias: [],
  };
}
