import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../route-error-boundary';
import { ErrorScreen } from './error-screen';

function Failing({ error }: { error: unknown }): never {
  throw error;
}

function renderFailing(error: unknown) {
  // React reports the caught error on the console; the screen is what this test reads.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <RouteErrorBoundary>
      <Failing error={error} />
    </RouteErrorBoundary>,
  );
}

describe(ErrorScreen.name, () => {
  it('shows the message and the stack of a thrown error', async () => {
    renderFailing(new Error('The sky fell'));
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The sky fell')).toBeInTheDocument();
    expect(screen.getByText(/at .*error-screen\.test/)).toBeInTheDocument();
  });

  it('shows the status and text of an error response', async () => {
    renderFailing({ status: 410, statusText: 'Gone' });
    expect(await screen.findByText('410 Gone')).toBeInTheDocument();
  });
});
