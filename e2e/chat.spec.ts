import { expect, test } from '@playwright/test';
import { linkedPerson } from './pages/linked-person';

test.describe.configure({ timeout: 90_000 });

type Bill = { amount: number; days_until_due: number | null; status: string };

test("the assistant answers what is due this week from the person's bills, and recovers from a lost connection", async ({
  page,
}) => {
  // Every chat socket the page opens, so the journey can cut one.
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const opened: WebSocket[] = [];
    (window as unknown as { chatSockets: WebSocket[] }).chatSockets = opened;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(this);
      }
    };
  });
  await linkedPerson(page, 'Katherine Johnson');
  const bills = (await page.evaluate(async () => {
    const response = await fetch('/api/subscriptions/list-all', {
      headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` },
    });
    return response.json();
  })) as Bill[];
  const dueThisWeek = bills.filter(
    (b) =>
      b.status !== 'CANCELLED' &&
      b.days_until_due !== null &&
      b.days_until_due >= 0 &&
      b.days_until_due < 7,
  );
  const total = dueThisWeek.reduce((sum, b) => sum + Math.round(b.amount * 100), 0) / 100;
  const dollars = total.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

  await page.getByRole('link', { name: 'Open chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Chat', exact: true })).toBeVisible();
  await expect(page.getByText('Connected (Demo)')).toBeVisible();

  await page.getByRole('button', { name: "What's due this week?" }).click();
  const expected =
    dueThisWeek.length === 0
      ? 'Nothing is due this week.'
      : `${dueThisWeek.length} bill${dueThisWeek.length === 1 ? '' : 's'} due this week, ${dollars} in total`;
  await expect(page.getByText(expected)).toBeVisible();
  await expect(page.getByText(/Powered by Billow demo/)).toBeVisible();

  // The connection drops (a close that is not normal): the screen says so and reconnects.
  await page.evaluate(() => {
    const sockets = (window as unknown as { chatSockets: WebSocket[] }).chatSockets;
    sockets.at(-1)!.close(4000, 'test cut');
  });
  await expect(page.getByText('Connection lost. Attempting to reconnect...')).toBeVisible();
  await expect(page.getByText('Reconnecting...')).toBeVisible();
  await expect(page.getByText('Reconnecting...')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText('Connected (Demo)')).toBeVisible();

  await page.getByLabel('Message').fill('How much do I spend per month?');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByText(/You pay \$[\d,.]+ a month across/)).toBeVisible();
});
