import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reminderRoutes } from '@billow/contracts';
import { json, mockApi, never, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { StatusTimeline, statusTimelineTexts } from './status-timeline';

const SUBSCRIPTION = '7d0c3b8e-4d1a-4c8e-9a53-0f2f4d1a9b11';

function renderTimeline(...replies: Parameters<ReturnType<typeof mockApi>['on']>[1][]) {
  storeSession();
  const api = mockApi().on(reminderRoutes.statusTimeline, ...replies);
  const view = renderScreen(<StatusTimeline subscriptionId={SUBSCRIPTION} />);
  return { api, ...view };
}

describe(StatusTimeline.name, () => {
  it('lists each change, newest first, in words, with its date, what it was and why', async () => {
    renderTimeline(
      json(200, [
        {
          new_status: 'ACTIVE',
          previous_status: 'FAILED_PAYMENT',
          reason: 'Paid again after the failed payment',
          effective_date: '2026-11-19',
        },
        {
          new_status: 'FAILED_PAYMENT',
          previous_status: 'ACTIVE',
          reason: 'The bank returned the payment or charged a fee for it',
          effective_date: '2026-11-16',
        },
      ]),
    );
    const section = await screen.findByRole('region', { name: statusTimelineTexts.heading });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // The first letter is set in capitals by the style sheet.
      expect.stringMatching(/^active · Nov 19, 2026 · was failed payment/),
      expect.stringMatching(/^failed payment · Nov 16, 2026 · was active/),
    ]);
    expect(items[0]).toHaveTextContent('Paid again after the failed payment');
  });

  it('shows nothing once it is known that no change is recorded yet', async () => {
    const { api } = renderTimeline(json(200, []));
    await vi.waitFor(
      () => {
        expect(api.requestsTo(reminderRoutes.statusTimeline)).toHaveLength(1);
        expect(
          screen.queryByRole('region', { name: statusTimelineTexts.heading }),
        ).not.toBeInTheDocument();
      },
      { timeout: 5_000 },
    );
  });

  it('holds its place while loading', () => {
    renderTimeline(never);
    expect(screen.getByRole('region', { name: statusTimelineTexts.heading })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('offers Retry when the history could not load', async () => {
    renderTimeline(problem(500, 'internal-server-error', 'Down.'), json(200, []));
    expect(await screen.findByRole('alert')).toHaveTextContent(statusTimelineTexts.loadFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(
      () =>
        expect(
          screen.queryByRole('region', { name: statusTimelineTexts.heading }),
        ).not.toBeInTheDocument(),
      { timeout: 5_000 },
    );
  });
});
