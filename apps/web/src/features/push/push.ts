/**
 * This browser's Web Push subscription: asks permission, registers the service worker
 * (public/sw.js, which shows the notifications), subscribes with the server's VAPID key and
 * hands the subscription to the server. One subscription per browser serves every view whose
 * switch is on.
 */
import { notificationCalls } from '@kolscope/contract';
import { api } from '../../api';
import { applicationServerKey, type PushOutcome, sameKey } from './pushKey';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker sits next to index.html, so a relative URL works under any mount path. */
function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register('./sw.js');
}

/** Subscribes this browser (asking permission first); called when a view's push switch goes on. */
export async function subscribeThisBrowser(): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const reg = await registration();
    await navigator.serviceWorker.ready;
    const { publicKey } = await api(notificationCalls.pushVapidKey);
    const key = applicationServerKey(publicKey);
    let sub = await reg.pushManager.getSubscription();
    if (sub && !sameKey(sub.options.applicationServerKey, key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = sub.toJSON();
    await api(notificationCalls.pushSubscribe, {
      endpoint: sub.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    });
    return 'subscribed';
  } catch {
    return 'failed';
  }
}

/** On logout: this browser stops receiving the account's notifications. Never throws. */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const reg = await navigator.serviceWorker.getRegistration('./');
    const sub = await reg?.pushManager.getSubscription();
    if (!sub) return;
    await api(notificationCalls.pushUnsubscribe, { endpoint: sub.endpoint }).catch(() => undefined);
    await sub.unsubscribe();
  } catch {
    // Nothing to undo: the server drops subscriptions the push service reports gone.
  }
}
