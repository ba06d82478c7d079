/**
 * The same question, one answer (issue 33, docs/figures.md): one sandbox person negotiates their
 * Verizon bill, then reads what they pay a month, Verizon's new price and the price increases on
 * the dashboard, Bills, Spending, the calendar, the chat, the iCal feed and the export, and finds
 * the same numbers everywhere.
 */
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { linkedPerson } from './pages/linked-person';
import { reloadUntilVisible } from './support/reload-until';

test.describe.configure({ timeout: 300_000 });

type Bill = {
  id: string;
  merchant_name: string;
  renewal_date: string | null;
  reward_credit: number;
};

const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
/** '$3,362.40' → 3362.4 */
const amountOf = (text: string) => Number(text.replace(/[$,]/g, ''));

async function api(page: Page, method: 'GET' | 'POST', path: string) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), path).toBe(200);
  return response;
}

test('one person finds the same monthly figure, negotiated price and price increases everywhere', async ({
  page,
  isMobile,
}) => {
  await linkedPerson(page);

  // Verizon is negotiated as in the negotiation journey; turning negotiation on calls about the
  // other negotiable bills too, so every call ends before any figure is read.
  const card = page.getByRole('region', { name: /Negotiations/ });
  await reloadUntilVisible(page, card.getByText('Verizon', { exact: true }));
  await card.getByRole('button', { name: 'View All Negotiations' }).click();
  await page.getByRole('button', { name: 'Turn on bill negotiation' }).click();
  const form = page.getByRole('form', { name: 'Information for Verizon' });
  await form.getByLabel('Account PIN').fill('5827');
  await form.getByLabel('Last 4 digits of payment method').fill('4242');
  await form.getByRole('button', { name: 'Submit' }).click();
  const verizonOffer = page.getByRole('listitem').filter({ hasText: 'Verizon' }).first();
  await expect(verizonOffer.getByText('SUCCESSFUL')).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(
      async () => {
        const offers = (await (
          await api(page, 'GET', '/api/subscriptions/negotiable-subscriptions')
        ).json()) as { status: string }[];
        return offers.filter((offer) => offer.status === 'IN_PROGRESS').length;
      },
      { timeout: 120_000 },
    )
    .toBe(0);

  // The outcome names the one new price, in the bill's cadence; the row says the same.
  const outcome = verizonOffer.getByText(/^Verizon lowered your bill to \$[\d,.]+ a month, from/);
  const [, newText, oldText] = /to (\$[\d,.]+) a month, from (\$[\d,.]+)\./.exec(
    (await outcome.textContent())!,
  )!;
  const price = amountOf(newText!);
  await expect(verizonOffer).toContainText(`${newText} a month · was ${oldText} · saves`);
  await expect(verizonOffer).not.toContainText('save up to');

  const bills = (await (await api(page, 'GET', '/api/subscriptions/list-all')).json()) as Bill[];
  const verizon = bills.find((bill) => bill.merchant_name === 'Verizon')!;
  // What its row shows for the next bill: the new price, less any rewards applied to it.
  const verizonDue = dollars(Math.round((price - verizon.reward_credit) * 100) / 100);

  // The dashboard: the monthly figure on the Subscriptions card and in Bills → All.
  await page.getByRole('button', { name: 'Back to home' }).click();
  const shortcut = page.getByRole('region', { name: 'Subscriptions' });
  const summary = /(\d+) active · (\$[\d,.]+) a month in plans and bills/.exec(
    (await shortcut.getByText(/a month in plans and bills/).textContent())!,
  )!;
  const [, count, monthly] = summary;
  const billsCard = page.getByRole('region', { name: /Bills/ });
  await billsCard.getByRole('tab', { name: 'All' }).click();
  await expect(billsCard.getByText('Average per month').locator('..')).toContainText(monthly!);
  const verizonRow = billsCard.getByRole('button', { name: /Verizon/ });
  await expect(verizonRow).toContainText(verizonDue);

  // Netflix's card says whether its price went up; the lists below must agree with it.
  await billsCard.getByRole('button', { name: /Netflix/ }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: 'Netflix' })).toBeVisible();
  // (Its badge, not the dated evidence "Price went up from … in Nov 2025" of why it is one.)
  const netflixWentUp =
    (await detail.getByText(/^Price went up from \$[\d,.]+ to \$[\d,.]+$/).count()) > 0;
  await detail.getByRole('button', { name: 'Close' }).click();

  // Spending: the same monthly figure, and the price increases.
  await page.getByRole('button', { name: 'Spending and price increases' }).click();
  await expect(page.getByRole('region', { name: 'What you pay a month' })).toContainText(
    `You pay ${monthly} a month`,
  );
  const increases = page.getByRole('region', { name: 'Price increases' });
  await expect(increases.getByText(/No price increases|more a year/)).toBeVisible();
  const raised = (await increases.getByRole('listitem').locator('p.font-medium').allTextContents())
    .map((name) => name.trim())
    .sort();
  expect(raised.includes('Netflix')).toBe(netflixWentUp);

  // The calendar: Verizon's next bill at its new price.
  await page.getByRole('button', { name: 'Back to home' }).click();
  await page.getByRole('button', { name: 'Open the bills calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Bills calendar', level: 1 })).toBeVisible();
  const renewal = new Date(`${verizon.renewal_date}T00:00:00`);
  const now = new Date();
  const monthsAhead =
    (renewal.getFullYear() - now.getFullYear()) * 12 + renewal.getMonth() - now.getMonth();
  for (let step = 0; step < monthsAhead; step++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  let calendarRow;
  if (isMobile) {
    calendarRow = page.getByTestId('calendar-agenda').getByRole('button', { name: /Verizon/ });
  } else {
    const day = renewal.toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    await page
      .getByRole('grid')
      .getByRole('button', { name: new RegExp(`^${day},`) })
      .click();
    calendarRow = page.getByTestId('calendar-day').getByRole('button', { name: /Verizon/ });
  }
  await expect(calendarRow).toContainText(verizonDue);
  await page.getByRole('button', { name: 'Back to home' }).click();

  // The chat: the same monthly figure, Verizon's price, the same price increases.
  await page.getByRole('link', { name: 'Open chat' }).click();
  await expect(page.getByText('Connected (Demo)')).toBeVisible();
  const ask = async (question: string, answer: RegExp) => {
    await page.getByLabel('Message').fill(question);
    await page.getByLabel('Message').press('Enter');
    const reply = page.getByRole('listitem').filter({ hasText: answer }).last();
    await expect(reply).toBeVisible();
    // The answer streams in: read it once the typing dots are gone, not half-way.
    await expect(page.getByRole('status', { name: 'Assistant is typing' })).toHaveCount(0);
    return (await reply.textContent())!;
  };
  expect(await ask('How much do I pay per month?', /You pay \$[\d,.]+ a month across/)).toContain(
    `You pay ${monthly} a month across ${count} active bills.`,
  );
  expect(await ask('What about Verizon?', /^.*Verizon: \$/)).toContain(`${newText} a month`);
  const priceAnswer = await ask(
    'Did any prices go up?',
    /raised the price|has raised its price lately/,
  );
  if (raised.length === 0) expect(priceAnswer).toContain('None of your subscriptions');
  for (const name of raised) expect(priceAnswer).toContain(`${name}: $`);
  expect(priceAnswer.includes('Netflix')).toBe(netflixWentUp);

  // The iCal feed: Verizon's events at the price its row shows.
  const { url } = (await (await api(page, 'POST', '/api/calendar/feed-url')).json()) as {
    url: string;
  };
  const feed = await (await page.request.get(new URL(url).pathname)).text();
  expect(feed).toContain(`SUMMARY:Verizon ${verizonDue}`);
  expect(feed).not.toMatch(/SUMMARY:Verizon \$(?!\d)/);

  // The export: the monthly figure, Verizon's one price, the same price increases.
  const zip = unzipSync(new Uint8Array(await (await api(page, 'GET', '/api/user/export')).body()));
  const file = (name: string) => JSON.parse(strFromU8(zip[name]!)) as unknown;
  const exported = file('summary.json') as {
    monthly_total: number;
    active_bills: number;
    price_increases: string[];
  };
  expect(exported.monthly_total).toBe(amountOf(monthly!));
  expect(exported.active_bills).toBe(Number(count));
  expect(
    exported.price_increases
      .map((id) => bills.find((bill) => bill.id === id)?.merchant_name)
      .sort(),
  ).toEqual(raised);
  const subscriptions = file('subscriptions.json') as Record<string, unknown>[];
  expect(subscriptions.find((s) => s.id === verizon.id)).toMatchObject({
    amount: price,
    monthly_amount: price,
  });
  const negotiations = file('negotiations.json') as Record<string, unknown>[];
  expect(negotiations.find((n) => n.merchant_name === 'Verizon')).toMatchObject({
    negotiated_price: price,
  });
});
