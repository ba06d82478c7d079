import fs from 'node:fs';
import path from 'node:path';
import { useEffect } from 'react';
import { APP_PAGE_PATHS, authRoutes, isAppPage, requestMessages } from '@billow/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, problem } from '@test/mock-api';

/** Where the app is now, for the test to read. */
const at = { pathname: '' };
function LocationProbe() {
  const { pathname } = useLocation();
  useEffect(() => {
    at.pathname = pathname;
  }, [pathname]);
  return null;
}

function renderAt(path: string) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('routes', () => {
  // What the screens ask of the server is not the point here; nothing leaves the test.
  beforeEach(() => {
    mockApi();
  });

  it('shows the not-found page with a link home for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('sends a signed-out visitor of a protected route to /auth once loading ends', async () => {
    renderAt('/chat');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(at.pathname).toBe('/auth'));
  });

  it('says so on the sign-in page when a session could not be renewed', async () => {
    localStorage.setItem('refreshToken', 'expired-refresh-token');
    mockApi().on(authRoutes.refresh, problem(401, 'unauthorized', 'Refresh token expired.'));
    renderAt('/chat');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('alert')).toHaveTextContent(requestMessages.authenticationFailed);
    await waitFor(() => expect(at.pathname).toBe('/auth'));
  });

  it('says nothing of the kind to a visitor who was never signed in', async () => {
    renderAt('/auth');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByText(requestMessages.authenticationFailed)).toBeNull();
  });

  it('lets a visitor with a stored session into a protected route', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('accessToken', 'a');
    renderAt('/chat');
    await screen.findByRole('heading', { name: 'Chat' });
    await waitFor(() => expect(at.pathname).toBe('/chat'));
  });

  it('has a route for every page the server answers with 200, and no other', async () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');
    const routed = [...source.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1]);
    expect(routed.filter((route) => route !== '*').sort()).toEqual([...APP_PAGE_PATHS].sort());
    expect(isAppPage('/no/such/page')).toBe(false);
  });

  it.each([
    ['/privacy', 'Privacy policy'],
    ['/terms', 'Terms of use'],
  ])('shows %s to anyone, linked from every public page', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(legal).toContainElement(screen.getByRole('link', { name: 'Privacy' }));
    expect(legal).toContainElement(screen.getByRole('link', { name: 'Terms' }));
  });
});
