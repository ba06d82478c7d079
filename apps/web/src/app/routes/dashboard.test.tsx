import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authRoutes, userRoutes } from '@billow/contracts';
import { aProfile } from '@test/fixtures';
import { json, mockApi, never, problem } from '@test/mock-api';
import { renderApp, storeSession } from '@test/render-app';
import { ProtectedRoute } from '../protected-route';
import { Component as DashboardRoute } from './dashboard';

function renderDashboard(state?: unknown, at = '/') {
  storeSession();
  return renderApp(
    [
      { element: <ProtectedRoute />, children: [{ path: '/', element: <DashboardRoute /> }] },
      { path: '/auth', element: <h1>Sign in</h1> },
      { path: '/profile-settings-customization', element: <h1>Settings</h1> },
      { path: '/link', element: <h1>Link</h1> },
    ],
    { state, at },
  );
}

describe('the dashboard route', () => {
  it('greets the person by first name next to their initials', async () => {
    mockApi().on(userRoutes.profileInfo, json(200, aProfile({ user_legal_name: 'Ada Lovelace' })));
    renderDashboard();
    const greeting = await screen.findByRole('button', { name: /Hi, Ada/ });
    expect(screen.getByTestId('user-avatar')).toHaveTextContent('AL');
    expect(greeting).toContainElement(screen.getByTestId('user-avatar'));
  });

  it('asks for the legal name first when Billow has none, then goes on to the settings onboarding', async () => {
    const api = mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile({ user_legal_name: null })))
      .on(userRoutes.updateProfileInfo, json(200, aProfile({ user_legal_name: 'Grace Hopper' })));
    const { user, router } = renderDashboard();
    await user.type(await screen.findByLabelText('Full legal name'), 'Grace Hopper');
    api.on(userRoutes.profileInfo, json(200, aProfile({ user_legal_name: 'Grace Hopper' })));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/profile-settings-customization'),
    );
  });

  it('holds the greeting’s place while the profile loads', async () => {
    mockApi().on(userRoutes.profileInfo, never);
    renderDashboard();
    await screen.findByRole('link', { name: 'Open chat' });
    expect(screen.queryByRole('button', { name: /Hi,/ })).not.toBeInTheDocument();
  });

  it('welcomes the person and leads them to link an account', async () => {
    mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
    const { user, router } = renderDashboard();
    expect(await screen.findByText(/We’re finding your subscriptions/)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Link an account' }));
    expect(router.state.location.pathname).toBe('/link');
  });

  it('keeps the open section in the page’s history, so a reload stays and Back returns', async () => {
    mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
    const { user, router } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Hi, Ada/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(router.state.location.state).toEqual({ section: 'profile' });
    await act(() => router.navigate(-1));
    expect(await screen.findByText(/We’re finding your subscriptions/)).toBeVisible();
  });

  it('shows the open section in the address, so a bookmark or a shared link opens it', async () => {
    mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
    const { user, router } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Hi, Ada/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(router.state.location.search).toBe('?section=profile');
  });

  it('opens the section a link names, without any page state', async () => {
    mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
    renderDashboard(undefined, '/?section=profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });

  it('flags a bank that needs reconnecting on the dashboard, not only in the profile', async () => {
    mockApi().on(
      userRoutes.profileInfo,
      json(200, aProfile({ is_plaid_update_mode_required: true })),
    );
    const { user, router } = renderDashboard();
    expect(await screen.findByText('Account Update Required')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Update account' }));
    expect(router.state.location.pathname).toBe('/link');
  });

  it('offers the chat and the theme toggle in the header', async () => {
    mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
    renderDashboard();
    expect(await screen.findByRole('link', { name: 'Open chat' })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
  });

  it('opens the profile from the greeting, moving focus to its heading, and comes back', async () => {
    mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Hi, Ada/ }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Profile' });
    expect(heading).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(await screen.findByText(/We’re finding your subscriptions/)).toBeVisible();
  });

  it('opens on the profile when the navigation asks for it', async () => {
    mockApi().on(userRoutes.profileInfo, json(200, aProfile()));
    renderDashboard({ section: 'profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });

  it('signs out: revokes the refresh token, forgets the session and goes to sign-in', async () => {
    const api = mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile()))
      .on(authRoutes.logout, json(200, { success: true }));
    const { user, router } = renderDashboard({ section: 'profile' });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(api.requestsTo(authRoutes.logout)[0]!.body).toEqual({ refreshToken: 'refresh-token' });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('signs out on this device even when the server cannot be told', async () => {
    mockApi()
      .on(userRoutes.profileInfo, json(200, aProfile()))
      .on(authRoutes.logout, problem(500, 'internal-server-error', 'boom'));
    const { user, router } = renderDashboard({ section: 'profile' });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
