/* Billow's service worker: shows web-push reminders and opens Billow when one is clicked. */
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
      icon: '/favicon.svg',
      data: { url: message.url || '/dashboard' },
      tag: 'billow-reminder',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/dashboard';
  event.waitUntil(self.clients.openWindow(url));
});
