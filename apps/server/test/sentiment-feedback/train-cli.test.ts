/**
 * `kolscope train-sentiment --with-feedback` end to end: corrections stored in the configured
 * (embedded) database are read, folded and counted in the output, and the English weights change.
 * Training data is a small synthetic set written here, never the shared data.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { main } from '../../src/cli';
import { loadConfig } from '../../src/config';
import { sentimentFeedbackRepo } from '../../src/db/repos/sentiment-feedback';
import { openRuntime } from '../../src/runtime';
import { storePosts } from '../support/store-posts';

const dir = mkdtempSync(join(tmpdir(), 'kolscope-fbcli-'));
const saved = { ...process.env };

async function train(...flags: string[]): Promise<{ out: string; manifest: { models: { en: { sha256: string } } } }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void lines.push(a.join(' ')));
  const out = join(dir, `out-${flags.length}`);
  try {
    await main(['train-sentiment', '--seed', '2', '--out', out, ...flags]);
  } finally {
    log.mockRestore();
  }
  return { out: lines.join('\n'), manifest: JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) };
}

beforeAll(async () => {
  const data = join(dir, 'data');
  mkdirSync(join(data, 'train'), { recursive: true });
  const rows = ['text,label'];
  for (let i = 0; i < 10; i++) rows.push(`$ETH pumping ${i},bullish`, `$ETH dumping ${i},bearish`);
  writeFileSync(join(data, 'train', 'crypto_cryptolin_news_handlabeled.csv'), `${rows.join('\n')}\n`);
  writeFileSync(join(data, 'train', 'SOURCE.md'), '### `crypto_cryptolin_news_handlabeled.csv` — crypto domain\n');
  process.env = { DATA_DIR: join(dir, 'db'), SENTIMENT_DATA_DIR: data };
  const rt = await openRuntime(loadConfig(), () => {});
  try {
    const [post] = await storePosts(rt.db, [{ text: '$SOL every dip gets bought instantly', ct: 1_763_000_000 }]);
    const [user] = await rt.db.query<{ id: number }>(
      `INSERT INTO users (email, name, password_hash, invite_code, created_at, updated_at)
       VALUES ('t@example.com', 't', 'x', 'T1', now(), now()) RETURNING id`,
    );
    await sentimentFeedbackRepo(rt.db).upsert(user!.id, post!, 1, new Date());
  } finally {
    await rt.close();
  }
});
afterAll(() => {
  process.env = saved;
  rmSync(dir, { recursive: true, force: true });
});

it('reads the stored corrections, prints how many were used and trains on them', async () => {
  const plain = await train();
  expect(plain.out).not.toMatch(/feedback:/);
  const withFeedback = await train('--with-feedback');
  expect(withFeedback.out).toMatch(
    /feedback: 1 corrections by 1 users on 1 posts; 1 examples used \(en 1, zh 0\), 0 tied posts left out/,
  );
  expect(withFeedback.manifest.models.en.sha256).not.toBe(plain.manifest.models.en.sha256);
});
