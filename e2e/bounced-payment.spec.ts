/**
 * A payment the bank sends back (docs/payments.md): paid from an account whose debits bounce
 * (the sandbox's `NSF…` accounts), the card waits for the debit to settle, the bank returns the
 * debit instead, and the person reads what happened and that nothing is owed. The sandbox bank
 * day is a few seconds in the journeys (SANDBOX_BANK_DAY_SECONDS).
 */
import { expect, test } from '@playwright/test';
import { payFirstInstantSaving, syncTransferEvents } from './pages/annual-plan-flow';
import { personWithBills } from './pages/person-with-bills';

test.describe.configure({ timeout: 150_000 });

test('a bounced payment: the card stays on its way, then the person reads the bank returned it and nothing is owed', async ({
  page,
}) => {
  await personWithBills(
    page,
    [{ description: 'HULU 877-8244858 CA', amount: 18.99, dueInDays: 10 }],
    'Katherine Johnson',
    { name: 'NSF Checking', balance: 3000 },
  );

  const service = await payFirstInstantSaving(page);
  expect(service).toBe('Hulu');

  // Paid, but the debit has not settled: the code is on its way, not shown.
  await expect(page.getByText('Your gift card is on its way.')).toBeVisible({ timeout: 45_000 });
  await expect(
    page.getByText(/Its code will be ready by .+, once your bank has settled/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show full code' })).toHaveCount(0);

  // Bank days pass; the bank returns the debit (R01) instead of settling it.
  const returned = page.getByText(/^Your bank returned the \$99\.99 payment on .+ \(R01\)\.$/);
  await expect(async () => {
    await syncTransferEvents(page);
    await expect(returned).toBeVisible({ timeout: 7_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000, 3_000] });
  await expect(
    page.getByText(
      'The gift card went back to Billow: nothing is owed, and your monthly plan continues.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show full code' })).toHaveCount(0);
  await expect(page.getByText(/is owed to Billow/)).toHaveCount(0);
});
