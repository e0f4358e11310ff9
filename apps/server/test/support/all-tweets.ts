/** Every page of a view's posts (view/v2/tweets), for tests that compare a list with counts. */
import { expect } from 'vitest';
import type { TestApp } from './test-app';

type Page<T> = { list: T[]; more: number; next_cb: string };

/** Pages through `body` (a view id and any filters) until `more` is 0; at most 20 pages. */
export async function allTweets<T = { id: string }>(t: TestApp, token: string, body: object): Promise<T[]> {
  const posts: T[] = [];
  let nextCb = '';
  for (let i = 0; i < 20; i++) {
    const res = await t.call('view/v2/tweets', { ...body, nextCb }, { token });
    expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
    const page = res.body.data as Page<T>;
    posts.push(...page.list);
    if (!page.more) return posts;
    nextCb = page.next_cb;
  }
  throw new Error('more than 20 pages');
}
