/*
 * kolscope's service worker: shows the Web Push notifications of notification views (the server
 * sends {title, body, url, tag}, encrypted for this browser) and opens the view when one is
 * tapped. It caches nothing: the app is always loaded from the server.
 */
// A new version takes over at once, and open pages become controlled (so a tap can navigate them).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = { title: 'kolscope', body: '', url: './', tag: 'kolscope' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a readable payload still says something happened.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      renotify: true,
      icon: new URL('./favicon.svg', self.registration.scope).href,
      data: { url: new URL(message.url, self.registration.scope).href },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? self.registration.scope;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.registration.scope));
      if (!open) return self.clients.openWindow(url);
      // navigate() refuses a page this worker does not control: open a new one then.
      return open
        .navigate(url)
        .then((w) => (w ?? open).focus())
        .catch(() => self.clients.openWindow(url));
    }),
  );
});
