import { expect, test } from '@playwright/test';
import { linkedPerson } from './pages/linked-person';

test.describe.configure({ timeout: 90_000 });

test('a dashboard load asks the server for each thing once', async ({ page }) => {
  await linkedPerson(page);
  const bills = page.getByRole('region', { name: /Bills/ });
  await expect(bills.getByText(/due /).first()).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/analytics'))
      asked.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.reload();
  await expect(bills.getByText(/due /).first()).toBeVisible();
  // Settled: no new request for two looks in a row.
  let seen = -1;
  await expect
    .poll(
      () => {
        const isSettled = seen === asked.length;
        seen = asked.length;
        return isSettled;
      },
      { intervals: [2_000] },
    )
    .toBe(true);
  const twice = asked.filter((call, index) => asked.indexOf(call) !== index);
  expect(twice, asked.join('\n')).toEqual([]);
});
