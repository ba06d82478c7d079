import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineGate, offlineTexts } from './offline-screen';

function goOffline(isOffline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!isOffline);
  act(() => {
    window.dispatchEvent(new Event(isOffline ? 'offline' : 'online'));
  });
}

/** A page with something the person did on it, which must survive the connection dropping. */
function ThePage() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>the page, tapped {count}</button>;
}

function renderGate(queryClient = new QueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <OfflineGate>
        <ThePage />
      </OfflineGate>
    </QueryClientProvider>,
  );
}

describe(OfflineGate.name, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the offline screen when nothing was loaded to show, and the page when back online', () => {
    renderGate();
    expect(screen.getByText('the page, tapped 0')).toBeInTheDocument();
    goOffline(true);
    expect(screen.getByRole('heading', { name: offlineTexts.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: offlineTexts.retry })).toBeInTheDocument();
    expect(screen.queryByText(/the page/)).toBeNull();
    goOffline(false);
    expect(screen.getByText('the page, tapped 0')).toBeInTheDocument();
  });

  it('keeps a loaded page as it was, under a banner saying changes need a connection', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['subscriptions'], [{ id: 's1' }]);
    renderGate(queryClient);
    act(() => screen.getByRole('button').click());
    goOffline(true);
    expect(screen.getByText('the page, tapped 1')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: offlineTexts.title })).toBeNull();
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(offlineTexts.bannerTitle);
    expect(banner).toHaveTextContent(offlineTexts.bannerExplainer);
    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('the page, tapped 1')).toBeInTheDocument();
  });
});
