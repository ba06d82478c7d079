/**
 * Reminders from the profile: a bill due in five days is not reminded with the default days
 * (3 and 1 before), is once "A week before" is ticked, and the text lands in the sandbox outbox;
 * browser notifications turn on from the same card and a test notification arrives.
 *
 * Headless Chromium has no push service to subscribe with (it would call Google's), so the page
 * gets a stand-in PushManager.subscribe that answers as a browser does; everything after it —
 * storing the subscription, sending through the push port, the outbox — is Billow's own.
 */
import { expect, test, type Page } from '@playwright/test';
import { personWithBills } from './pages/person-with-bills';
import { ProfilePage } from './pages/profile-page';

test.describe.configure({ timeout: 120_000 });

async function fakePushService(page: Page) {
  await page.addInitScript(() => {
    const key = (n: number) => btoa(String.fromCharCode(...new Uint8Array(n).fill(7)));
    // A P-256 public key is 65 bytes beginning with 4; the auth secret 16 bytes.
    const p256dh = btoa(String.fromCharCode(4, ...new Uint8Array(64).fill(9)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const auth = key(16).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    let subscription: unknown = null;
    const make = () => ({
      endpoint: 'https://push.example.test/send/e2e',
      expirationTime: null,
      toJSON: () => ({ endpoint: 'https://push.example.test/send/e2e', keys: { p256dh, auth } }),
      getKey: () => null,
      unsubscribe: async () => true,
    });
    PushManager.prototype.subscribe = async function () {
      subscription = make();
      return subscription as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return subscription as PushSubscription | null;
    };
  });
}

/** What the schedules do every hour and every day, now: the sandbox's dev route. */
async function runReminderSchedules(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const response = await page.request.post('/api/dev/reminders/scan', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await response.json()).toEqual({ queued: true });
}

const outbox = async (page: Page, to: string) =>
  (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
    channel: string;
    body: string;
  }[];

test('reminder days and browser notifications from the profile; reminders land in the outbox', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await fakePushService(page);
  const phone = await personWithBills(
    page,
    [{ description: 'HULU 877-8244858 CA', amount: 18.99, dueInDays: 5 }],
    'Hedy Lamarr',
  );
  const profile = new ProfilePage(page);
  await profile.open('Hedy');
  const card = page.getByRole('region', { name: 'Reminders' });
  await expect(card.getByRole('checkbox', { name: '3 days before' })).toBeChecked();

  // One quiet hour half a day from now, so the reminder goes out whatever time the test runs.
  // (Start first: it must differ from the default end, 8 AM; the end then follows it.)
  const hourNow = await page.evaluate(() => new Date().getHours());
  let quietStart = (hourNow + 12) % 24;
  if (quietStart === 8) quietStart = (hourNow + 11) % 24;
  const quietEnd = String((quietStart + 1) % 24);
  await card.getByLabel('Quiet hours start').selectOption(String(quietStart));
  await expect(card.getByLabel('Quiet hours start')).toHaveValue(String(quietStart));
  await card.getByLabel('Quiet hours end').selectOption(quietEnd);
  await expect(card.getByLabel('Quiet hours end')).toHaveValue(quietEnd);
  // Quiet hours from an hour to the same hour cannot be chosen.
  await expect(
    card.getByLabel('Quiet hours end').locator(`option[value="${quietStart}"]`),
  ).toBeDisabled();

  const scan = () => runReminderSchedules(page);
  const renewals = async () =>
    (await outbox(page, phone)).filter((m) => m.body.includes('Hulu') && m.body.includes('renews'));

  // Five days out, the default days remind of nothing.
  await scan();
  await page.waitForTimeout(1500);
  expect(await renewals()).toEqual([]);

  // A week before: due now, one text, however often the scan runs.
  await card.getByRole('checkbox', { name: 'A week before' }).click();
  await expect(card.getByRole('checkbox', { name: 'A week before' })).toBeChecked();
  // The hourly scan would find it too: scan again until the setting has reached the server.
  await expect
    .poll(
      async () => {
        await scan();
        return (await renewals()).length;
      },
      { timeout: 45_000 },
    )
    .toBe(1);
  await scan();
  await page.waitForTimeout(1500);
  expect(await renewals()).toHaveLength(1);
  expect((await renewals())[0]!.body).toContain('Hulu $18.99 renews in 5 days');

  // Browser notifications: on, then a test notification through the push channel.
  await card.getByRole('button', { name: 'Turn on browser notifications' }).click();
  await expect(card.getByText('Browser notifications are on.')).toBeVisible();
  await card.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByText('Test notification sent.')).toBeVisible();
  await expect
    .poll(async () => (await outbox(page, phone)).some((m) => m.channel === 'push'))
    .toBe(true);
});
