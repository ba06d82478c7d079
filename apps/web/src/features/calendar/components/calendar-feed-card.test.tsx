import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calendarRoutes } from '@billow/contracts';
import { json, mockApi, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { CalendarFeedCard } from './calendar-feed-card';

const first = 'http://localhost:3000/api/calendar/feed/a'.padEnd(80, 'a');
const second = 'http://localhost:3000/api/calendar/feed/b'.padEnd(80, 'b');

function renderCard() {
  storeSession();
  const api = mockApi()
    .on(calendarRoutes.feedUrl, json(200, { url: first }))
    .on(
      calendarRoutes.resetFeedUrl,
      problem(500, 'internal-server-error', 'Broke'),
      json(200, { url: second }),
    );
  return { api, ...renderScreen(<CalendarFeedCard />) };
}

describe(CalendarFeedCard.name, () => {
  it('copies the private link and shows it to copy by hand', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Copy calendar link' }));
    expect(await screen.findByRole('textbox', { name: 'Your calendar link' })).toHaveValue(first);
    // userEvent stands in for the clipboard.
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(first));
  });

  it('resets the link only after a confirmation, and says when that failed', async () => {
    const user = userEvent.setup();
    const { api } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(screen.getByRole('alertdialog', { name: 'Reset your calendar link?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo(calendarRoutes.resetFeedUrl)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset link' }),
    );
    expect(
      await screen.findByText('Failed to reset your calendar link. Please try again.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset link' }),
    );
    expect(await screen.findByRole('textbox', { name: 'Your calendar link' })).toHaveValue(second);
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(second));
    expect(screen.queryByText(/Failed to reset/)).not.toBeInTheDocument();
  });
});
