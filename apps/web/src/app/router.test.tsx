import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { routes } from './router';
import { createQueryClient } from '@/lib/query-client';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('routes', () => {
  it('shows the not-found page with a link home for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('sends a signed-out visitor of a protected route to /auth once loading ends', async () => {
    const router = renderAt('/chat');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('lets a visitor with a stored session into a protected route', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('accessToken', 'a');
    const router = renderAt('/chat');
    await screen.findByRole('heading', { name: 'Chat' });
    expect(router.state.location.pathname).toBe('/chat');
  });
});
