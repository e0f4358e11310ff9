/** Posts by named accounts (id `id-<author>`), stored through the pipeline's own save. */
import type { Db } from '../../src/db/db';
import { saveEnriched } from '../support/store-posts';
import { rawPost } from '../support/posts';

export interface AuthoredPost {
  id: string;
  author: string;
  text: string;
  ct: number;
  followers?: number;
  coins?: string[];
}

export async function storeAs(db: Db, posts: AuthoredPost[]): Promise<void> {
  await saveEnriched(
    db,
    posts.map((p) => ({
      raw: rawPost({
        id: p.id,
        text: p.text,
        createdAt: p.ct,
        authorId: `id-${p.author}`,
        username: p.author,
        followers: p.followers ?? 20_000,
      }),
      enrichment: {
        coins: p.coins ?? [],
        categories: [],
        sentiment: { label: 'neutral', score: 0, cues: [] },
        lang: 'en',
      },
    })),
  );
}
