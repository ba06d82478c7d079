import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, storeSession } from '@test/render-app';
import { sandboxBank } from '@test/sandbox-link-steps';
import { BankActionLink } from './bank-action-link';

describe(BankActionLink.name, () => {
  it('asks for the link token only when the person continues, then opens their bank’s Link', async () => {
    storeSession();
    sandboxBank();
    const requestToken = vi.fn(async () => ({
      linkToken: 'link-sandbox-update',
      linkProvider: 'sandbox' as const,
    }));
    const { user } = renderScreen(<BankActionLink requestToken={requestToken} onDone={vi.fn()} />);
    expect(requestToken).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue with your bank' }));
    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByRole('dialog', {
        name: 'Billow uses its sandbox bank to connect your accounts',
      }),
    ).toBeVisible();
  });

  it('says when the bank could not be opened', async () => {
    storeSession();
    const { user } = renderScreen(
      <BankActionLink requestToken={() => Promise.reject(new Error('down'))} onDone={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Continue with your bank' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your bank could not be opened. Please try again.',
    );
  });
});
