/**
 * Layout at the two sizes people use (issue 38, items 13 and 14): a 390 × 844 phone and a
 * 1440 × 900 desktop. Measured from the boxes the browser lays out: nothing may widen a phone page
 * past its screen, and a desktop screen is not a phone column with empty space around it.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { personWithBills } from './pages/person-with-bills';

test.describe.configure({ timeout: 150_000 });

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

/** How far the document reaches past the right edge of the screen, in CSS pixels. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

/** Is the element's text cut off (an ellipsis or clipped) rather than shown whole? */
const isClipped = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

const bills = [
  { description: 'ESSEX PROPERTY TR RENT PPD ID: 0987654321', amount: 2450, dueInDays: 6 },
  { description: 'NETFLIX.COM 866-579-7172 CA', amount: 15.49, dueInDays: 2 },
  { description: 'VERIZON WIRELESS PAYMENTS', amount: 85, dueInDays: 9 },
  { description: 'COMCAST XFINITY CABLE', amount: 120, dueInDays: 12 },
  { description: 'PLANET FITNESS CLUB FEES', amount: 24.99, dueInDays: 15 },
  { description: 'GEICO AUTO INSURANCE', amount: 132.5, dueInDays: 20 },
  { description: 'SPOTIFY USA 877-7781161 NY', amount: 11.99, dueInDays: 18 },
];

test.describe('on a phone', () => {
  test.use({ viewport: phone });
  test.skip(({ isMobile }) => !isMobile, 'phone layout');

  test('Bills → All keeps room for a whole merchant name beside “covered by rewards”', async ({
    page,
  }) => {
    // One bill carries rewards, as a bill does once the person has claimed one toward it.
    for (const path of ['**/api/subscriptions/list-all', '**/api/calendar/upcoming?*'])
      await page.route(path, async (route) => {
        const response = await route.fetch();
        const list = (await response.json()) as { merchant_name: string; reward_credit: number }[];
        for (const bill of list)
          if (bill.merchant_name === 'Essex Property Trust') bill.reward_credit = 12;
        await route.fulfill({ response, json: list });
      });
    await personWithBills(page, bills);

    // Bills → All: the row with 'covered by rewards' keeps room for the whole merchant name.
    const billsCard = page.getByRole('region', { name: /Bills/ });
    await billsCard.getByRole('tab', { name: 'All' }).click();
    const essexRow = billsCard.getByRole('button', { name: /Essex Property Trust/ });
    await expect(essexRow).toContainText('$12.00 covered by rewards');
    const essexName = essexRow.getByText('Essex Property Trust', { exact: true });
    expect(await isClipped(essexName)).toBe(false);
    expect((await box(essexName)).width).toBeGreaterThan(120);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // The calendar's agenda row of the charge still due says the same, and keeps the same room
    // (the charge may fall due next month).
    await billsCard.getByRole('button', { name: 'Open the bills calendar' }).click();
    const agenda = page.getByTestId('calendar-agenda');
    const agendaRow = agenda
      .getByRole('button', { name: /Essex Property Trust/ })
      .filter({ hasNotText: 'Paid' });
    await expect(agenda.getByRole('button').first()).toBeVisible();
    if ((await agendaRow.count()) === 0)
      await page.getByRole('button', { name: 'Next month' }).click();
    await expect(agendaRow).toContainText('$12.00 covered by rewards');
    const agendaName = agendaRow.getByText('Essex Property Trust', { exact: true });
    expect(await isClipped(agendaName)).toBe(false);
    expect((await box(agendaName)).width).toBeGreaterThan(120);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('the subscriptions list shows whole names and scrolls with the page', async ({ page }) => {
    await personWithBills(page, bills);
    await page
      .getByRole('button', { name: /subscriptions/i })
      .first()
      .click();
    const list = page.getByRole('list', { name: 'Your subscriptions' });
    await expect(list.getByText('Essex Property Trust', { exact: true })).toBeVisible();
    expect(await isClipped(list.getByText('Essex Property Trust', { exact: true }))).toBe(false);
    const inner = await list.evaluate((element) => ({
      scrolls: element.scrollHeight > element.clientHeight + 1,
      overflowY: getComputedStyle(element).overflowY,
    }));
    expect(inner).toEqual({ scrolls: false, overflowY: 'visible' });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('Spending’s numbers stay within the screen, each figure apart from the next', async ({
    page,
  }) => {
    await personWithBills(page, bills);
    await page.getByRole('button', { name: 'Spending and price increases' }).click();
    const monthByMonth = page.getByRole('region', { name: 'Month by month' });
    await monthByMonth.getByText('Show the numbers').click();
    const table = monthByMonth.getByRole('table');
    await expect(table).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect((await box(monthByMonth)).width).toBeLessThanOrEqual(phone.width);
    // Neighbouring figures in a row have at least 12 px between their texts.
    const gaps = await table
      .locator('tbody tr')
      .first()
      .evaluate((row) => {
        const texts = Array.from(row.children).map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getBoundingClientRect();
        });
        return texts.slice(1).map((text, index) => text.left - texts[index]!.right);
      });
    expect(gaps.length).toBeGreaterThan(2);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(12);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: desktop });
  test.skip(({ isMobile }) => isMobile, 'desktop layout');

  for (const path of ['/signup', '/auth', '/netflix-signup', '/planetfitness-signup']) {
    test(`${path} uses the width of the screen, not a phone column`, async ({ page }) => {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main).toBeVisible();
      // Beside the form, a panel says what Billow is; together they span most of the screen.
      const aside = page.getByRole('complementary', { name: 'About Billow' });
      await expect(aside).toBeVisible();
      const [mainBox, asideBox] = [await box(main), await box(aside)];
      expect(asideBox.x + asideBox.width).toBeLessThanOrEqual(mainBox.x + 1);
      const span = mainBox.x + mainBox.width - asideBox.x;
      expect(span).toBeGreaterThan(desktop.width * 0.7);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  }

  test('the rewards section leaves no empty column', async ({ page }) => {
    await personWithBills(page, bills.slice(0, 3));
    await page
      .getByRole('region', { name: 'Rewards' })
      .getByRole('button', { name: 'See rewards' })
      .click();
    const figures = page.getByRole('region', { name: 'Rewards figures' });
    const progress = page.getByRole('region', { name: 'Your reward' });
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toBeVisible();
    const [figuresBox, progressBox, historyBox] = [
      await box(figures),
      await box(progress),
      await box(history),
    ];
    // Two columns: the history fills the space under the figures, beside the taller progress card.
    expect(progressBox.x).toBeGreaterThan(figuresBox.x + figuresBox.width);
    expect(Math.abs(historyBox.x - figuresBox.x)).toBeLessThanOrEqual(1);
    expect(historyBox.y).toBeLessThan(progressBox.y + progressBox.height);
  });
});

test.describe('public pages on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone layout');
  test.use({ viewport: phone });

  test('the public pages never scroll sideways on a phone', async ({ page }) => {
    for (const path of ['/signup', '/auth', '/netflix-signup', '/planetfitness-signup']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      // The desktop panel is not squeezed onto a phone.
      await expect(page.getByRole('complementary', { name: 'About Billow' })).toBeHidden();
    }
  });
});
