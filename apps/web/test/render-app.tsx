/**
 * Renders a screen the way the app does — theme, query cache, session, toasts — inside a
 * memory router, so a test can follow where the screen navigates. Queries do not retry here:
 * a failure shows at once instead of after the app's back-off.
 */
import type { ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';

export const storedTokens = {
  token: 'id-token',
  accessToken: 'access-token',
  refreshToken: 'refresh-token',
};

/** Puts a session where the app keeps it (docs/sign-in.md, "Session"), as after a sign-in. */
export function storeSession(): void {
  sessionStorage.setItem('token', storedTokens.token);
  sessionStorage.setItem('accessToken', storedTokens.accessToken);
  localStorage.setItem('refreshToken', storedTokens.refreshToken);
}

export function renderApp(
  routes: RouteObject[],
  { at = '/', state }: { at?: string; state?: unknown } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Somewhere else</p> }], {
    // `at` may carry a search ("/signup?step=bill-savings").
    initialEntries: [
      {
        pathname: at.split('?')[0]!,
        search: at.includes('?') ? `?${at.split('?')[1]}` : '',
        state,
      },
    ],
  });
  // user-event waits between key presses; under fake timers that wait must move the fake clock.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const { unmount } = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, user, unmount };
}

/** One route, for testing a single screen. */
export function renderScreen(element: ReactNode, options: { at?: string; state?: unknown } = {}) {
  return renderApp([{ path: options.at ?? '/', element }], options);
}
