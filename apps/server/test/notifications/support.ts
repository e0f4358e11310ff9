/** Helpers of the notification tests: views, custom sources and forwarded messages over HTTP. */
import { expect } from 'vitest';
import type { TestApp } from '../support/test-app';

export type Item = {
  id: string;
  source: string;
  avatar: string;
  username: string;
  name: string;
  title: string;
  publish_time: number;
  content: string;
  tags: string[];
  images: unknown[];
};
export type ItemPage = { list: Item[]; more: number; next_cb: string };

export async function addNotificationView(
  t: TestApp,
  session: string,
  v: {
    name?: string;
    keywords: string[] | string[][];
    dataSources?: string[];
    notificationEnabled?: boolean;
    updateFreqSeconds?: number;
  },
): Promise<string> {
  const groups = (Array.isArray(v.keywords[0]) ? v.keywords : [v.keywords]) as string[][];
  const res = await t.call(
    'view/add',
    {
      name: v.name ?? 'alerts',
      viewType: 'notification',
      matchingRules: groups.map((words) => ({ type: 'keywords', rules: words.map((value) => ({ value })) })),
      ...(v.dataSources ? { dataSources: v.dataSources } : {}),
      ...(v.notificationEnabled !== undefined ? { notificationEnabled: v.notificationEnabled } : {}),
      ...(v.updateFreqSeconds ? { updateFreqSeconds: v.updateFreqSeconds } : {}),
    },
    { token: session },
  );
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  const list = res.body.data as { view_id: string; view_type: string }[];
  return list.filter((x) => x.view_type === 'notification').at(-1)!.view_id;
}

export async function items(t: TestApp, session: string, viewId: string, nextCb = ''): Promise<ItemPage> {
  const res = await t.call('view/notifications', { viewId, nextCb }, { token: session });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return res.body.data as ItemPage;
}

/** Turns a custom source on; answers the forwarding token when this call created it. */
export async function enableSource(t: TestApp, session: string, source: string): Promise<string | undefined> {
  const res = await t.call('data_source/update', { source, enabled: true }, { token: session });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return (res.body.data as { forwarding: { token?: string } }).forwarding.token;
}

/** POSTs a forwarded notification as a phone forwarder would: plain JSON, the token as Bearer. */
export async function forward(
  t: TestApp,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/webapi/v1/ingest/forward',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { ret: number; msg?: string; data?: Record<string, unknown> } };
}

export async function storedMessages(t: TestApp): Promise<{ user_id: number; text: string; source: string }[]> {
  return t.db.query('SELECT user_id, text, source FROM forwarded_messages ORDER BY id');
}
