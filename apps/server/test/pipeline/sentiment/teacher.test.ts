/**
 * `train-sentiment --teacher` (model/teacher.ts) against a local fake OpenAI-compatible endpoint:
 * the request carries the fixed prompt and the JSON schema, labels become training rows weighted
 * below a person's, a second run is served from the cache, bad items are skipped, failures say
 * what the endpoint said, and the sample spreads over authors and both languages.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/db';
import {
  TEACHER_PROMPT,
  TEACHER_WEIGHT,
  parseTeacherAnswer,
  sampleStoredPosts,
  teacherLabels,
} from '../../../src/pipeline/enrich/sentiment/model/teacher';
import { storePosts } from '../../support/store-posts';
import { closeTestDb, openMigratedDb } from '../../support/test-app';

const NOW = 1_764_000_000;
let db: Db;
let drop: () => Promise<void>;
let server: Server;
let url = '';
const dir = mkdtempSync(join(tmpdir(), 'kolscope-teacher-'));
/** What the fake endpoint was asked, and how it answers next. */
const asked: { body: { messages: { role: string; content: string }[]; response_format?: unknown } }[] = [];
let answer: (texts: string[]) => { status: number; content: string } = (texts) => ({
  status: 200,
  content: JSON.stringify({
    labels: texts.map((t, j) => ({
      i: j + 1,
      label: /moon|加仓/.test(t) ? 'bullish' : /dump|割肉/.test(t) ? 'bearish' : 'neutral',
    })),
  }),
});

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    asked.push({ body });
    const user: string = body.messages[1].content;
    const texts = user.split('\n').map((l) => JSON.parse(l.replace(/^\d+\. /, '')) as string);
    const { status, content } = answer(texts);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(status === 200 ? JSON.stringify({ choices: [{ message: { content } }] }) : content);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  // Three authors, one of them prolific; English and Chinese; a repost that must not be sampled.
  const specs = [];
  for (let i = 0; i < 30; i++)
    specs.push({ text: `$SOL to the moon, day ${i} of buying`, ct: NOW - 3600 * i, authorId: '1', username: 'loud' });
  for (let i = 0; i < 5; i++)
    specs.push({ text: `$ETH looks like a dump is coming ${i}`, ct: NOW - 7200 * i, authorId: '2', username: 'bear' });
  for (let i = 0; i < 5; i++)
    specs.push({
      text: `比特币今天继续加仓，坚定持有第${i}天`,
      ct: NOW - 5400 * i,
      authorId: '3',
      username: 'cn',
      lang: 'zh',
    });
  await storePosts(db, specs);
});
afterAll(async () => {
  server?.close();
  await closeTestDb(db, drop);
  rmSync(dir, { recursive: true, force: true });
});

const endpoint = () => ({ url, model: 'tiny-teacher', apiKey: 'sk-secret-123' });

describe('the teacher', () => {
  it('samples over authors (at most 20 each) and keeps a share for Chinese posts', async () => {
    const posts = await sampleStoredPosts(db, 30, 1, NOW);
    const by = (p: string) => posts.filter((x) => x.text.includes(p)).length;
    expect(by('$SOL')).toBeLessThanOrEqual(20);
    expect(by('$ETH')).toBe(5);
    expect(posts.filter((p) => p.lang === 'zh')).toHaveLength(5);
    expect(await sampleStoredPosts(db, 30, 1, NOW)).toEqual(posts);
    // Posts older than 90 days are not sampled.
    expect(await sampleStoredPosts(db, 30, 1, NOW + 200 * 86_400)).toEqual([]);
  });

  it('asks with the prompt and the schema, trains on the labels, and answers a second run from the cache', async () => {
    const posts = await sampleStoredPosts(db, 30, 1, NOW);
    asked.length = 0;
    const first = await teacherLabels(endpoint(), posts, dir);
    expect(asked.length).toBe(Math.ceil(posts.length / 20));
    expect(asked[0]!.body.messages[0]!.content).toBe(TEACHER_PROMPT);
    expect(asked[0]!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'stance_labels' },
    });
    expect(first).toMatchObject({ sampled: posts.length, cached: 0, asked: posts.length, labeled: posts.length });
    expect(first.examples.every((e) => e.weight === TEACHER_WEIGHT && e.group === 'teacher')).toBe(true);
    expect(first.examples.find((e) => e.text.includes('加仓'))).toMatchObject({ label: 'bullish', lang: 'zh' });
    expect(first.examples.find((e) => e.text.includes('dump'))).toMatchObject({ label: 'bearish', lang: 'en' });

    asked.length = 0;
    const second = await teacherLabels(endpoint(), posts, dir);
    expect(asked.length).toBe(0);
    expect(second).toMatchObject({ cached: posts.length, asked: 0, labeled: posts.length });
    expect(second.examples).toEqual(first.examples);
  });

  it('skips items that are not labels, and stops with the endpoint’s words on a failure', async () => {
    const posts = [
      { id: 'a', text: 'a post never seen before one', lang: 'en' as const },
      { id: 'b', text: 'a post never seen before two', lang: 'en' as const },
    ];
    answer = () => ({ status: 200, content: '{"labels":[{"i":1,"label":"very bullish"},{"i":2,"label":"neutral"}]}' });
    const run = await teacherLabels(endpoint(), posts, dir);
    expect(run).toMatchObject({ asked: 2, labeled: 1, skipped: 1 });
    answer = () => ({ status: 500, content: 'model overloaded, key sk-secret-123' });
    const fresh = [{ id: 'c', text: 'another post never seen', lang: 'en' as const }];
    await expect(teacherLabels(endpoint(), fresh, dir)).rejects.toThrow(/HTTP 500: model overloaded/);
    await expect(teacherLabels({ ...endpoint(), url: 'http://127.0.0.1:9/v1' }, fresh, dir)).rejects.toThrow(
      /unreachable/,
    );
  });

  it('reads an answer in prose or fences, and a bare array', () => {
    expect([...parseTeacherAnswer('Sure:\n```json\n{"labels":[{"i":2,"label":"Bearish"}]}\n```', 2)]).toEqual([
      [2, 'bearish'],
    ]);
    expect([...parseTeacherAnswer('[{"label":"bullish"},{"label":"x"}]', 2)]).toEqual([[1, 'bullish']]);
    expect(parseTeacherAnswer('no json here', 1).size).toBe(0);
    expect(parseTeacherAnswer('{"labels":[{"i":9,"label":"bullish"}]}', 2).size).toBe(0);
  });
});
