import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineGate, offlineTexts } from './offline-screen';

function goOffline(isOffline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!isOffline);
  act(() => {
    window.dispatchEvent(new Event(isOffline ? 'offline' : 'online'));
  });
}

describe(OfflineGate.name, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the page while online, the offline screen while not, and the page again after', () => {
    render(<OfflineGate>the page</OfflineGate>);
    expect(screen.getByText('the page')).toBeInTheDocument();
    goOffline(true);
    expect(screen.getByRole('heading', { name: offlineTexts.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: offlineTexts.retry })).toBeInTheDocument();
    expect(screen.queryByText('the page')).toBeNull();
    goOffline(false);
    expect(screen.getByText('the page')).toBeInTheDocument();
  });
});
