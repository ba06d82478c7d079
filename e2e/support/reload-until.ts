/**
 * What a background job makes (negotiation offers, annual-plan offers, rewards) is on the page
 * once the page asks again: reload until `locator` shows. Each look gives the reloaded page its
 * own time to load and render, which on a loaded runner is several seconds.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export async function reloadUntilVisible(
  page: Page,
  locator: Locator,
  options: { timeout?: number; beforeLook?: () => Promise<void> } = {},
) {
  await expect(async () => {
    await page.reload();
    await options.beforeLook?.();
    await expect(locator).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: options.timeout ?? 60_000, intervals: [1_000, 2_000] });
}
