/** Pure helpers of the Web Push subscription (unit-tested; no browser API in here). */

/** The VAPID public key (base64url, as the server gives it) as PushManager.subscribe wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Whether an existing subscription was made with this key (a new server key needs a new one). */
export function sameKey(existing: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!existing) return false;
  const a = new Uint8Array(existing);
  return a.length === key.length && a.every((byte, i) => byte === key[i]);
}

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'failed';
