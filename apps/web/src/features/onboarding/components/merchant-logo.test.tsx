import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { domainOf, letterTintOf, logoUrlFor, MerchantLogo } from './merchant-logo';

afterEach(() => vi.unstubAllEnvs());

describe(MerchantLogo.name, () => {
  it('shows the first letter, named after the merchant, when no logo service is set', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', '');
    render(<MerchantLogo name="Netflix" website="netflix.com" />);
    expect(screen.getByRole('img', { name: 'Netflix' })).toHaveTextContent('N');
  });

  it('gives a merchant the same tint every time', () => {
    expect(letterTintOf('Netflix')).toBe(letterTintOf('Netflix'));
    expect(new Set(['Netflix', 'Hulu', 'Verizon', 'AT&T'].map(letterTintOf)).size).toBeGreaterThan(
      1,
    );
  });

  it('loads the logo from the template with a skeleton until it arrives', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', 'https://img.example/{domain}?token=pk_test');
    const { container } = render(
      <MerchantLogo name="Netflix" website="https://www.netflix.com/" />,
    );
    const image = screen.getByRole('img', { name: 'Netflix' });
    expect(image).toHaveAttribute('src', 'https://img.example/netflix.com?token=pk_test');
    expect(container.querySelector('.animate-pulse')).not.toBeNull();
    fireEvent.load(image);
    expect(container.querySelector('.animate-pulse')).toBeNull();
  });

  it('falls back to the letter when the logo fails to load', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', 'https://img.example/{domain}');
    render(<MerchantLogo name="Hulu" website="hulu.com" />);
    fireEvent.error(screen.getByRole('img', { name: 'Hulu' }));
    expect(screen.getByRole('img', { name: 'Hulu' })).toHaveTextContent('H');
  });

  it('stays out of the accessibility tree when text beside it names the merchant', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', '');
    render(<MerchantLogo name="Hulu" website="hulu.com" isDecorative />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe(logoUrlFor.name, () => {
  it('keys the logo by the bare website domain', () => {
    expect(domainOf('https://www.NYTimes.com/section?x=1')).toBe('nytimes.com');
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', '');
    expect(logoUrlFor('netflix.com')).toBeUndefined();
  });
});
