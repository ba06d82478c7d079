import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toaster';
import { offerUpdate } from '@/lib/update-offer';
import { renderScreen } from '@test/render-app';
import { UpdateBanner, updateTexts } from './update-banner';

describe(UpdateBanner.name, () => {
  it('offers a new version until the person reloads, whatever toasts come meanwhile', async () => {
    const postMessage = vi.fn();
    const addEventListener = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { addEventListener },
    });
    renderScreen(<UpdateBanner />);
    expect(screen.queryByText(/Update available/)).not.toBeInTheDocument();

    act(() => offerUpdate({ postMessage } as unknown as ServiceWorker));
    expect(await screen.findByRole('status')).toHaveTextContent('Update available.');
    act(() => toast.success('Your profile was updated.'));
    expect(screen.getByRole('status')).toHaveTextContent('Update available.');

    await userEvent.click(screen.getByRole('button', { name: updateTexts.reload }));
    expect(postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
    expect(addEventListener).toHaveBeenCalledWith('controllerchange', expect.any(Function));
  });
});
