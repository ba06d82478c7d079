import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reminderRoutes, userRoutes, type ReminderPreferences } from '@billow/contracts';
import { aProfile } from '@test/fixtures';
import { json, mockApi, never, problem, type Reply } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { RemindersCard, remindersCardTexts } from './reminders-card';

const preferences = (change: Partial<ReminderPreferences> = {}): ReminderPreferences => ({
  offsetsDays: [3, 1],
  quietHoursStart: 21,
  quietHoursEnd: 8,
  timeZone: 'America/New_York',
  isEmailEnabled: true,
  ...change,
});

function renderCard(...replies: Parameters<ReturnType<typeof mockApi>['on']>[1][]) {
  return renderCardFor(aProfile(), ...replies);
}

function renderCardFor(
  profile: ReturnType<typeof aProfile>,
  ...replies: Parameters<ReturnType<typeof mockApi>['on']>[1][]
) {
  storeSession();
  const api = mockApi()
    .on(userRoutes.profileInfo, json(200, profile))
    .on(reminderRoutes.preferences, ...replies)
    .on(reminderRoutes.pushKey, json(200, { publicKey: 'key', subscribed: false }));
  renderScreen(<RemindersCard />);
  return api;
}

const card = () => screen.getByRole('region', { name: 'Reminders' });

describe(RemindersCard.name, () => {
  it('holds its place while the settings load', () => {
    renderCard(never);
    expect(card()).toHaveAttribute('aria-busy', 'true');
    expect(within(card()).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says the settings could not load, and Retry loads them', async () => {
    renderCard(problem(500, 'internal-server-error', 'Down.'), json(200, preferences()));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      remindersCardTexts.loadFailed,
    );
    await userEvent.click(within(card()).getByRole('button', { name: 'Retry' }));
    expect(await within(card()).findByRole('checkbox', { name: '3 days before' })).toBeChecked();
  });

  it('puts a change back and says so when it could not be saved', async () => {
    const api = renderCard(json(200, preferences()));
    api.on(reminderRoutes.updatePreferences, problem(500, 'internal-server-error', 'Down.'));
    const week = await within(card()).findByRole('checkbox', { name: 'A week before' });
    await userEvent.click(week);
    expect(await screen.findByText(remindersCardTexts.saveFailed)).toBeVisible();
    expect(week).not.toBeChecked();
  });

  it('saves a new reminder day with the others, and never lets the last one go', async () => {
    const api = renderCard(json(200, preferences({ offsetsDays: [3] })));
    api.on(reminderRoutes.updatePreferences, json(200, preferences({ offsetsDays: [3, 7] })));
    const threeDays = await within(card()).findByRole('checkbox', { name: '3 days before' });
    expect(threeDays).toBeDisabled();
    const week = within(card()).getByRole('checkbox', { name: 'A week before' });
    await userEvent.click(week);
    // Shown at once, before the server answers.
    expect(week).toBeChecked();
    await waitFor(() =>
      expect(api.requestsTo(reminderRoutes.updatePreferences)[0]?.body).toMatchObject({
        offsetsDays: [3, 7],
        quietHoursStart: 21,
        quietHoursEnd: 8,
        isEmailEnabled: true,
      }),
    );
  });

  it('keeps two quick changes in order: an answer that comes late never undoes the later one', async () => {
    // The server stores each save as it arrives; its first answer is slow to come back.
    let stored = preferences();
    let isFirst = true;
    const server: Reply = async (request) => {
      stored = { ...stored, ...(request.body as Partial<ReminderPreferences>) };
      const answer = json(200, stored)(request);
      if (isFirst) {
        isFirst = false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return answer;
    };
    const api = renderCard(json(200, preferences()));
    api.on(reminderRoutes.updatePreferences, server);
    const start = await within(card()).findByRole('combobox', { name: 'Quiet hours start' });
    const end = within(card()).getByRole('combobox', { name: 'Quiet hours end' });
    await userEvent.selectOptions(start, '11');
    await userEvent.selectOptions(end, '12');
    await waitFor(() => expect(api.requestsTo(reminderRoutes.updatePreferences)).toHaveLength(2));
    await waitFor(() => expect(stored).toMatchObject({ quietHoursStart: 11, quietHoursEnd: 12 }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(start).toHaveValue('11');
    expect(end).toHaveValue('12');
    // The next change carries both: nothing sends the old end back.
    await userEvent.click(within(card()).getByRole('checkbox', { name: 'A week before' }));
    await waitFor(() => expect(api.requestsTo(reminderRoutes.updatePreferences)).toHaveLength(3));
    expect(stored).toMatchObject({
      quietHoursStart: 11,
      quietHoursEnd: 12,
      offsetsDays: [3, 1, 7],
    });
  });

  it('never offers quiet hours that start and end at the same hour', async () => {
    renderCard(json(200, preferences()));
    const end = await within(card()).findByRole('combobox', { name: 'Quiet hours end' });
    const start = within(card()).getByRole('combobox', { name: 'Quiet hours start' });
    expect(within(end).getByRole('option', { name: '9 PM' })).toBeDisabled();
    expect(within(start).getByRole('option', { name: '8 AM' })).toBeDisabled();
    expect(within(end).getByRole('option', { name: '10 PM' })).toBeEnabled();
  });

  it('turns email reminders off, and says why, while there is no verified email', async () => {
    const api = renderCardFor(
      aProfile({ email: null, is_email_verified: false }),
      json(200, preferences({ isEmailEnabled: false })),
    );
    const email = await within(card()).findByRole('switch', { name: 'Email reminders' });
    await waitFor(() => expect(email).toBeDisabled());
    expect(
      within(card()).getByText('Add and verify an email in Security to get reminders by email.'),
    ).toBeVisible();
    await userEvent.click(email);
    expect(api.requestsTo(reminderRoutes.updatePreferences)).toHaveLength(0);
  });

  it('says in its own words why browser notifications could not be turned on', async () => {
    renderCard(json(200, preferences()));
    Object.assign(navigator, { serviceWorker: {} });
    Object.assign(window, {
      PushManager: class {},
      Notification: { requestPermission: () => Promise.resolve('denied') },
    });
    await userEvent.click(
      await within(card()).findByRole('button', { name: 'Turn on browser notifications' }),
    );
    expect(
      await screen.findByText(
        'Notifications are blocked for Billow in this browser. Allow them in the site settings, then try again.',
      ),
    ).toBeVisible();
  });
});
