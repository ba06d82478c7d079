import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userRoutes } from '@billow/contracts';
import { aProfile } from '@test/fixtures';
import { json, mockApi } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { resetSharedTimeZone, useShareBrowserTimeZone } from './use-share-browser-time-zone';

function Probe({ zone }: { zone: string | undefined }) {
  useShareBrowserTimeZone(zone);
  return null;
}

function inBrowserZone(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone };
  });
}

describe(useShareBrowserTimeZone.name, () => {
  beforeEach(() => {
    resetSharedTimeZone();
    storeSession();
  });
  afterEach(() => vi.restoreAllMocks());

  it('tells the server the browser’s zone once when the profile counts days elsewhere', async () => {
    inBrowserZone('Pacific/Auckland');
    const api = mockApi().on(
      userRoutes.updateProfileInfo,
      json(200, aProfile({ time_zone: 'Pacific/Auckland' })),
    );
    const first = renderScreen(<Probe zone="UTC" />);
    await waitFor(() =>
      expect(api.requestsTo(userRoutes.updateProfileInfo).map((r) => r.body)).toEqual([
        { browser_time_zone: 'Pacific/Auckland' },
      ]),
    );
    // Once per start of the app: another screen reading the profile asks nothing more.
    first.unmount();
    renderScreen(<Probe zone="Europe/Paris" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requestsTo(userRoutes.updateProfileInfo)).toHaveLength(1);
  });

  it('sends nothing when the profile is in the browser’s zone already, or not loaded yet', async () => {
    inBrowserZone('Pacific/Auckland');
    const api = mockApi();
    renderScreen(<Probe zone={undefined} />).unmount();
    renderScreen(<Probe zone="Pacific/Auckland" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toHaveLength(0);
  });
});
