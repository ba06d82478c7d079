/*
 * Billow's service worker: keeps the app shell for offline use and shows web-push reminders.
 *
 * The shell is the build's index.html and hashed files, listed into SHELL by the build
 * (build/service-worker.ts; empty in development, where this worker only shows pushes). Nothing
 * under /api/ or /ws/ is ever cached: those answers are a person's own data. Pages load from the
 * network first and fall back to the kept shell, which shows the app's offline screen.
 * A new version waits until the app asks it to take over ("Update available — Reload") or
 * every Billow tab is closed; on taking over it deletes the shells of older versions. A first
 * visit is not taken over (no clients.claim): the worker controls Billow from the next load.
 */
const SHELL = [];
const VERSION = 'development';
const CACHE = `billow-shell-${VERSION}`;
const CACHE_PREFIX = 'billow-shell-';

/** What this worker never answers from a cache. */
const isPrivate = (url) =>
  url.pathname === '/api' ||
  url.pathname.startsWith('/api/') ||
  url.pathname === '/ws' ||
  url.pathname.startsWith('/ws/');

self.addEventListener('install', (event) => {
  if (SHELL.length === 0) return;
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

/** The last resort when neither the network nor the kept shell can answer a page. */
function offlinePage() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>You're offline · Billow</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f7fbfa;color:#1a2a2c">
<main style="text-align:center;padding:24px;max-width:28rem"><h1>You're offline</h1>
<p>Billow needs a connection to show your money. Check your connection and try again.</p>
<form method="get"><button style="font:inherit;font-weight:600;padding:10px 20px;border-radius:12px;border:0;background:#006b5f;color:#fff">Try again</button></form>
</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

async function page(request) {
  try {
    return await fetch(request);
  } catch {
    const cache = await caches.open(CACHE);
    return (await cache.match('/index.html', { ignoreVary: true })) || offlinePage();
  }
}

async function shellFile(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request, { ignoreVary: true })) || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (SHELL.length === 0 || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isPrivate(url)) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (SHELL.includes(url.pathname)) event.respondWith(shellFile(request));
});

self.addEventListener('push', (event) => {
  let message = { title: 'Billow', body: '' };
  try {
    message = event.data ? event.data.json() : message;
  } catch {
    message = { title: 'Billow', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      data: { url: message.url || '/' },
      tag: 'billow-reminder',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(self.clients.openWindow(url));
});
