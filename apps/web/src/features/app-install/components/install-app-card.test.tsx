import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt } from '../api/install-prompt';
import { InstallAppCard, installTexts } from './install-app-card';

/** Chromium's `beforeinstallprompt`, answering the install dialog with `outcome`. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

function displayMode(mode: 'browser' | 'standalone') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === `(display-mode: ${mode})`,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

const installButton = () => screen.queryByRole('button', { name: installTexts.install });

describe(InstallAppCard.name, () => {
  beforeAll(() => listenForInstallPrompt(window));
  afterEach(() => {
    vi.unstubAllGlobals();
    // Uses up any offer left over, so each test starts without one.
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
  });

  it('shows nothing while the browser offers no install', () => {
    displayMode('browser');
    const { container } = render(<InstallAppCard />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers "Install Billow" when the browser does, and opens its install dialog', async () => {
    displayMode('browser');
    render(<InstallAppCard />);
    const offer = offerInstall('accepted');
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(installButton()!);
    expect(offer.prompt).toHaveBeenCalledOnce();
    // Installed: the offer is used up, and the card goes.
    expect(installButton()).toBeNull();
  });

  it('takes the card away once the browser says the app is installed', () => {
    displayMode('browser');
    render(<InstallAppCard />);
    offerInstall('dismissed');
    expect(installButton()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(installButton()).toBeNull();
  });

  it('shows nothing in the installed app, whatever the browser says', () => {
    displayMode('standalone');
    render(<InstallAppCard />);
    offerInstall('accepted');
    expect(installButton()).toBeNull();
  });
});
