import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { profileMessages, userRoutes } from '@billow/contracts';
import { aProfile } from '@test/fixtures';
import { json, mockApi, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { TimeZoneCard } from './time-zone-card';

function renderCard(timeZone: string) {
  storeSession();
  const api = mockApi();
  renderScreen(<TimeZoneCard timeZone={timeZone} />);
  return api;
}

const select = () => screen.getByRole('combobox', { name: 'Time zone' });

describe(TimeZoneCard.name, () => {
  it('shows the profile’s zone in a select named and described for a screen reader', () => {
    renderCard('Pacific/Auckland');
    expect(select()).toHaveValue('Pacific/Auckland');
    expect(select()).toHaveAccessibleDescription(
      'Days until a bill and reminders follow this time zone.',
    );
    expect(screen.getByRole('option', { name: 'Pacific / Auckland' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'America / Los Angeles' })).toBeInTheDocument();
  });

  it('saves the zone the person picks as their choice', async () => {
    const api = renderCard('UTC');
    api.on(userRoutes.updateProfileInfo, json(200, aProfile({ time_zone: 'Europe/Paris' })));
    await userEvent.selectOptions(select(), 'Europe/Paris');
    await waitFor(() =>
      expect(api.requestsTo(userRoutes.updateProfileInfo)[0]?.body).toEqual({
        time_zone: 'Europe/Paris',
      }),
    );
  });

  it('says so when the zone could not be saved', async () => {
    const api = renderCard('UTC');
    api.on(userRoutes.updateProfileInfo, problem(500, 'internal-server-error', 'Down.'));
    await userEvent.selectOptions(select(), 'Europe/Paris');
    expect(await screen.findByText(profileMessages.updateFailed)).toBeVisible();
    await waitFor(() => expect(select()).toHaveValue('UTC'));
  });
});
