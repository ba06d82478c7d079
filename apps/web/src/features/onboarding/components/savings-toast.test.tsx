import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleSavings } from '../sample-savings';
import { SavingsToast, savingsToastText } from './savings-toast';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe(SavingsToast.name, () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('has eight fixed samples worded "{first name} just saved {amount} on {merchant}!"', () => {
    expect(sampleSavings).toHaveLength(8);
    expect(savingsToastText(sampleSavings[0]!)).toBe('Maria just saved $42.18 on Verizon!');
  });

  it('first shows a sample after 3 s, in a status region, for about 3.5 s', () => {
    render(<SavingsToast />);
    const region = screen.getByRole('status');
    advance(2999);
    expect(region).toBeEmptyDOMElement();
    advance(1);
    expect(region).toHaveTextContent('Maria just saved $42.18 on Verizon!');
    advance(3499);
    expect(region).toHaveTextContent('Maria just saved');
    advance(1);
    expect(region).toBeEmptyDOMElement();
  });

  it('shows the next sample every 10 s and starts over after the eighth', () => {
    render(<SavingsToast />);
    const region = screen.getByRole('status');
    advance(3000);
    expect(region).toHaveTextContent(savingsToastText(sampleSavings[0]!));
    advance(10_000);
    expect(region).toHaveTextContent(savingsToastText(sampleSavings[1]!));
    advance(10_000 * 6);
    expect(region).toHaveTextContent(savingsToastText(sampleSavings[7]!));
    advance(10_000);
    expect(region).toHaveTextContent(savingsToastText(sampleSavings[0]!));
  });

  it('leaves no timer running once it is gone', () => {
    const { unmount } = render(<SavingsToast />);
    advance(3000);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
