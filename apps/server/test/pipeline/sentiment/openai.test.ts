import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { builtinClassifier } from '../../../src/pipeline/enrich/sentiment/classifier';
import {
  classifierFromEnv,
  openAiCompatibleClassifier,
  parseLabelArray,
} from '../../../src/pipeline/enrich/sentiment/openai';

/** What the fake endpoint does next: answer with this content, or fail with an HTTP status. */
let reply: { content?: string; status?: number; raw?: string } = {};
const seen: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];

function completion(content: string) {
  // The documented chat-completions response shape.
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  let data = '';
  for await (const chunk of req) data += chunk;
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
    res.writeHead(404).end('not found');
    return;
  }
  seen.push({ auth: req.headers.authorization, body: JSON.parse(data) });
  if (reply.status) {
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(reply.raw ?? JSON.stringify(completion(reply.content ?? '[]')));
}

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
beforeEach(() => {
  reply = {};
  seen.length = 0;
});

describe('openAiCompatibleClassifier', () => {
  it('sends the texts and reads a JSON array of labels', async () => {
    reply.content = '[{"label":"bullish","score":0.9},{"label":"bearish","score":-0.7},"neutral"]';
    const c = openAiCompatibleClassifier({ url: `${url}/`, apiKey: 'sk-test', model: 'test-model' });
    const out = await c.classify(['one', 'two', 'three']);
    expect(out).toEqual([
      { label: 'bullish', score: 0.9, cues: ['llm:test-model'], model: 'openai:test-model' },
      { label: 'bearish', score: -0.7, cues: ['llm:test-model'], model: 'openai:test-model' },
      { label: 'neutral', score: 0, cues: ['llm:test-model'], model: 'openai:test-model' },
    ]);
    expect(c.name).toBe('openai:test-model');
    expect(seen[0]!.auth).toBe('Bearer sk-test');
    expect(seen[0]!.body.model).toBe('test-model');
    expect(seen[0]!.body.messages.at(-1)!.content).toContain('3. "three"');
  });

  it('accepts an array wrapped in prose or a code fence', async () => {
    reply.content = 'Sure! Here you go:\n```json\n["Bullish"]\n```';
    const [r] = await openAiCompatibleClassifier({ url, model: 'm' }).classify(['x']);
    expect(r).toMatchObject({ label: 'bullish', score: 0.6 });
  });

  it('falls back to the builtin rules for a bad item, keeping the good ones', async () => {
    reply.content = '["bullish", "very good", {"score": 1}]';
    const out = await openAiCompatibleClassifier({ url, model: 'm' }).classify([
      'a',
      'dumping hard, support lost 📉',
      'to the moon 🚀',
    ]);
    expect(out[0]!.cues).toEqual(['llm:m']);
    expect(out[1]).toMatchObject({ label: 'bearish' });
    expect(out[1]!.cues).toContain('fallback:builtin');
    expect(out[2]).toMatchObject({ label: 'bullish' });
    expect(out[2]!.cues).toContain('fallback:builtin');
  });

  it('falls back for every item when the answer is not JSON or is too short', async () => {
    reply.content = 'I cannot classify these posts.';
    const out = await openAiCompatibleClassifier({ url, model: 'm' }).classify(['rekt 💀', 'moon 🚀']);
    expect(out.map((r) => r.label)).toEqual(['bearish', 'bullish']);
    expect(out.every((r) => r.cues.includes('fallback:builtin'))).toBe(true);

    reply.content = '["neutral"]';
    const short = await openAiCompatibleClassifier({ url, model: 'm' }).classify(['a', 'moon 🚀']);
    expect(short[0]!.label).toBe('neutral');
    expect(short[1]!.cues).toContain('fallback:builtin');
  });

  it('falls back when the response body is malformed JSON', async () => {
    reply.raw = '{"choices": [';
    const [r] = await openAiCompatibleClassifier({ url, model: 'm' }).classify(['moon 🚀']);
    expect(r!.cues).toContain('fallback:builtin');
  });

  it('splits large inputs into batches', async () => {
    reply.content = '["neutral","neutral"]';
    const out = await openAiCompatibleClassifier({ url, model: 'm', batchSize: 2 }).classify(['a', 'b', 'c', 'd']);
    expect(seen).toHaveLength(2);
    expect(out).toHaveLength(4);
  });

  it('throws a clear error on an HTTP error', async () => {
    reply.status = 500;
    await expect(openAiCompatibleClassifier({ url, model: 'm' }).classify(['x'])).rejects.toThrow(/answered HTTP 500/);
  });

  it('throws a clear error when the endpoint is unreachable', async () => {
    const dead = openAiCompatibleClassifier({ url: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 });
    await expect(dead.classify(['x'])).rejects.toThrow(/unreachable/);
  });
});

describe('parseLabelArray', () => {
  it('finds the array or gives null', () => {
    expect(parseLabelArray('x ["a"] y')).toEqual(['a']);
    expect(parseLabelArray('{"label":"a"}')).toBeNull();
    expect(parseLabelArray('[broken')).toBeNull();
  });
});

describe('classifierFromEnv', () => {
  it('uses the builtin classifier when CLASSIFIER_URL is unset or blank', () => {
    expect(classifierFromEnv({})).toBe(builtinClassifier);
    expect(classifierFromEnv({ CLASSIFIER_URL: '  ' })).toBe(builtinClassifier);
  });
  it('uses the endpoint with its key and model when set', async () => {
    expect(classifierFromEnv({ CLASSIFIER_URL: url }).name).toBe('openai:gpt-4o-mini');
    const c = classifierFromEnv({ CLASSIFIER_URL: url, CLASSIFIER_API_KEY: 'k', CLASSIFIER_MODEL: 'local' });
    expect(c.name).toBe('openai:local');
    reply.content = '["bearish"]';
    expect((await c.classify(['x']))[0]!.label).toBe('bearish');
    expect(seen[0]!.auth).toBe('Bearer k');
  });
});
