import { expect, test } from '@playwright/test';
import { personWithBills } from './pages/person-with-bills';

test.describe.configure({ timeout: 90_000 });

type Bill = {
  merchant_name: string;
  amount: number;
  days_until_due: number | null;
  status: string;
};

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
  // Two bills fall due this week whatever today is, and one later in the month.
  await personWithBills(page, [
    { description: 'NETFLIX.COM 866-579-7172 CA', amount: 15.49, dueInDays: 2 },
    { description: 'HULU 877-8244858 CA', amount: 7.99, dueInDays: 4 },
    { description: 'SPOTIFY USA 877-7781161 NY', amount: 11.99, dueInDays: 18 },
  ]);
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
  expect(dueThisWeek.map((b) => b.merchant_name).sort()).toEqual(['Hulu', 'Netflix']);
  const total = dueThisWeek.reduce((sum, b) => sum + Math.round(b.amount * 100), 0) / 100;
  const dollars = total.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

  await page.getByRole('link', { name: 'Open chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Chat', exact: true })).toBeVisible();
  await expect(page.getByText('Connected (Demo)')).toBeVisible();

  await page.getByRole('button', { name: "What's due this week?" }).click();
  const answer = page.getByRole('listitem').filter({ hasText: 'bills due this week,' });
  await expect(answer).toContainText(`2 bills due this week, ${dollars} in total`);
  await expect(answer).toContainText('Netflix: $15.49');
  await expect(answer).toContainText('Hulu: $7.99');
  await expect(answer).not.toContainText('Spotify');
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

test('the chat on a phone, light and dark: the conversation fits the screen and the input stays in view', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout');
  await personWithBills(page, [
    { description: 'NETFLIX.COM 866-579-7172 CA', amount: 15.49, dueInDays: 1 },
    { description: 'SPOTIFY USA 877-7781161 NY', amount: 11.99, dueInDays: 9 },
  ]);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (isDark) => localStorage.setItem('darkMode', String(isDark)),
      theme === 'dark',
    );
    await page.goto('/chat');
    await expect(page.getByText('Connected (Demo)')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`chat-empty-${theme}.png`) });
    await page.getByLabel('Message').fill("What's due this week?");
    await page.getByLabel('Message').press('Enter');
    await expect(page.getByText(/1 bill due this week/)).toBeVisible();
    await page.getByLabel('Message').fill('What are my biggest subscriptions?');
    await page.getByLabel('Message').press('Enter');
    await expect(page.getByText('Your biggest subscriptions:')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`chat-conversation-${theme}.png`) });

    // Nothing scrolls sideways, and the input sits within the viewport.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const input = await page.getByLabel('Message').boundingBox();
    const viewport = page.viewportSize()!;
    expect(input!.y + input!.height).toBeLessThanOrEqual(viewport.height);
  }
});
