import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarRoutes, type UpcomingCharge } from '@billow/contracts';
import { json, mockApi, problem, type RecordedRequest } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { CalendarSection, type BillDetailProps } from './calendar-section';

/** Every test runs on Dec 1, 2026, a Tuesday. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 1, 9, 30));
});

const charge = (date: string, merchant: string, amount: number): UpcomingCharge => ({
  subscription_id: merchant.toLowerCase(),
  merchant_name: merchant,
  merchant_website_url: null,
  amount,
  date,
  cadence: 'MONTHLY',
  category: 'streaming',
  reward_credit: 0,
});

/** Answers each month's request with the charges in it. */
const byMonth = (charges: UpcomingCharge[]) => (request: RecordedRequest) => {
  const query = new URLSearchParams(request.path.split('?')[1]);
  const inRange = charges.filter(
    (c) => c.date >= query.get('from')! && c.date <= query.get('until')!,
  );
  return json(200, inRange)(request);
};

function renderCalendar(charges: UpcomingCharge[]) {
  storeSession();
  const api = mockApi().on(calendarRoutes.upcoming, byMonth(charges));
  const opened: (string | undefined)[] = [];
  const renderBillDetail = ({ subscriptionId }: BillDetailProps) => {
    opened.push(subscriptionId);
    return subscriptionId ? <p>Detail of {subscriptionId}</p> : null;
  };
  return {
    api,
    opened,
    ...renderScreen(<CalendarSection onBack={() => {}} renderBillDetail={renderBillDetail} />),
  };
}

const charges = [
  charge('2026-12-03', 'Netflix', 15.49),
  charge('2026-12-03', 'Hulu', 7.99),
  charge('2026-12-03', 'Spotify', 11.99),
  charge('2026-12-20', 'Verizon', 75),
  charge('2027-01-03', 'Netflix', 15.49),
];

describe(CalendarSection.name, () => {
  it("asks for this month's days and totals what is due in it", async () => {
    const { api } = renderCalendar(charges);
    expect(await screen.findByText('$110.47')).toBeInTheDocument();
    expect(screen.getByText('Due in December')).toBeInTheDocument();
    expect(api.requestsTo(calendarRoutes.upcoming)[0]!.path).toBe(
      '/api/calendar/upcoming?from=2026-12-01&until=2026-12-31',
    );
  });

  it('marks today and the bills due in the next days, and says so to screen readers', async () => {
    renderCalendar(charges);
    const grid = await screen.findByRole('grid', { name: 'December 2026' });
    const today = within(grid).getByRole('button', { name: /^Tuesday, December 1, today/ });
    expect(today).toHaveAttribute('tabindex', '0');
    const soon = await within(grid).findByRole('button', {
      name: 'Thursday, December 3, 3 bills, $35.47 due soon',
    });
    expect(soon).toHaveAttribute('data-due-soon');
    expect(within(soon).getByText('+1 more')).toBeInTheDocument();
    const later = within(grid).getByRole('button', { name: 'Sunday, December 20, 1 bill, $75.00' });
    expect(later).not.toHaveAttribute('data-due-soon');
  });

  it('walks the days with the arrow keys and lists the chosen day’s bills', async () => {
    const user = userEvent.setup();
    renderCalendar(charges);
    const grid = await screen.findByRole('grid', { name: 'December 2026' });
    await screen.findByText('$110.47');
    within(grid)
      .getByRole('button', { name: /December 1, today/ })
      .focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const focused = document.activeElement as HTMLElement;
    expect(focused.getAttribute('aria-label')).toMatch(/^Thursday, December 3/);
    const day = screen.getByTestId('calendar-day');
    const list = within(day).getByRole('list', { name: 'Bills due December 3' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Netflix'),
      expect.stringContaining('Spotify'),
      expect.stringContaining('Hulu'),
    ]);
    await user.keyboard('{ArrowDown>5/}');
    // A week past the month's last row leads into January, which loads.
    expect(await screen.findByRole('grid', { name: 'January 2027' })).toBeInTheDocument();
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).toBe(
      'Thursday, January 7',
    );
    await user.keyboard('{Home}');
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).toBe(
      'Sunday, January 3, 1 bill, $15.49',
    );
  });

  it('steps to the next month, not before this one, and opens a bill’s detail', async () => {
    const user = userEvent.setup();
    const { opened } = renderCalendar(charges);
    await screen.findByText('$110.47');
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('Due in January')).toBeInTheDocument();
    expect(await screen.findByText('$15.49', { selector: '.text-xl' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'January 2027' });
    await user.click(within(grid).getByRole('button', { name: /^Sunday, January 3,/ }));
    const day = screen.getByTestId('calendar-day');
    await user.click(
      within(within(day).getByRole('list', { name: 'Bills due January 3' })).getByRole('button', {
        name: /Netflix/,
      }),
    );
    expect(await screen.findByText('Detail of netflix')).toBeInTheDocument();
    expect(opened.at(-1)).toBe('netflix');
    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(await screen.findByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
  });

  it('names the month arrows in a tooltip for a pointer or keyboard user', async () => {
    const user = userEvent.setup();
    renderCalendar(charges);
    await screen.findByText('$110.47');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    while (document.activeElement !== screen.getByRole('button', { name: 'Next month' })) {
      await user.tab();
    }
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Next month');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('lists the month as an agenda of the days with bills, for a phone', async () => {
    renderCalendar(charges);
    const agenda = screen.getByTestId('calendar-agenda');
    const days = await within(agenda).findAllByRole('region');
    expect(days.map((day) => day.getAttribute('aria-label'))).toEqual([
      'Thursday, December 3',
      'Sunday, December 20',
    ]);
    expect(within(days[0]!).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says when a month has nothing due, and offers a retry when loading fails', async () => {
    storeSession();
    const api = mockApi().on(
      calendarRoutes.upcoming,
      problem(500, 'internal-server-error', 'Something broke'),
      json(200, []),
    );
    renderScreen(<CalendarSection onBack={() => {}} renderBillDetail={() => null} />);
    const user = userEvent.setup();
    expect(
      await screen.findByText('Failed to load the calendar. Please try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No bills this month/)).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(calendarRoutes.upcoming)).toHaveLength(2));
  });

  it('shows a month’s paid bills apart from the ones still due, and $0.00 due calmly', async () => {
    // Nov 26: November's bills were paid; nothing more is due this month.
    vi.setSystemTime(new Date(2026, 10, 26, 9, 30));
    storeSession();
    mockApi()
      .on(calendarRoutes.upcoming, byMonth([charge('2026-12-01', 'Rent', 2650)]))
      .on(
        calendarRoutes.paid,
        byMonth([charge('2026-11-01', 'Rent', 2650), charge('2026-11-05', 'Netflix', 15.49)]),
      );
    renderScreen(<CalendarSection onBack={() => {}} renderBillDetail={() => null} />);
    const paid = (await screen.findByText('Paid in November')).parentElement!;
    expect(within(paid).getByText('$2,665.49')).toBeVisible();
    const due = screen.getByText('Due in November').parentElement!;
    expect(within(due).getByText('$0.00')).not.toHaveClass('text-due');
    expect(due.className).not.toMatch(/bg-due/);
    const agenda = screen.getByTestId('calendar-agenda');
    const netflix = within(agenda).getByRole('button', { name: /Netflix/ });
    expect(netflix).toHaveTextContent('Paid');
    expect(netflix).toHaveTextContent('$15.49');
  });

  it('says on a bill’s row what rewards cover of it, as the bills card does', async () => {
    renderCalendar([{ ...charge('2026-12-20', 'Verizon', 75), reward_credit: 10 }]);
    const agenda = screen.getByTestId('calendar-agenda');
    const row = await within(agenda).findByRole('button', { name: /Verizon/ });
    expect(row).toHaveTextContent('$65.00');
    expect(within(row).getByText('$10.00 covered by rewards')).toBeInTheDocument();
    const total = screen.getByText('Due in December').parentElement!;
    expect(within(total).getByText('$65.00')).toHaveClass('text-due');
  });
});
