import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorScreen } from './error-screen';

function renderFailing(loader: () => never) {
  const router = createMemoryRouter([
    {
      path: '/',
      loader,
      element: <p>never</p>,
      errorElement: <ErrorScreen />,
      hydrateFallbackElement: <p>loading</p>,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe(ErrorScreen.name, () => {
  it('shows the message and the stack of a thrown error', async () => {
    renderFailing(() => {
      throw new Error('The sky fell');
    });
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The sky fell')).toBeInTheDocument();
    expect(screen.getByText(/at .*error-screen\.test/)).toBeInTheDocument();
  });

  it('shows the status and text of an error response', async () => {
    renderFailing(() => {
      throw data('gone', { status: 410, statusText: 'Gone' });
    });
    expect(await screen.findByText('410 Gone')).toBeInTheDocument();
  });
});
