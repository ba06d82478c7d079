import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logoUrlFor, MerchantLogo } from './merchant-logo';

afterEach(() => vi.unstubAllEnvs());

describe(MerchantLogo.name, () => {
  it('shows the merchant’s first letter, named after the merchant, without a logo service', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', '');
    render(<MerchantLogo name="netflix" website="netflix.com" />);
    expect(screen.getByRole('img', { name: 'netflix' })).toHaveTextContent('N');
  });

  it('shows Billow’s own mark for a catalogue merchant: its brand colour and monogram', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', '');
    render(<MerchantLogo name="Planet Fitness" website="planetfitness.com" />);
    const logo = screen.getByRole('img', { name: 'Planet Fitness' });
    expect(logo).toHaveAttribute('data-mark', 'brand');
    expect(logo.querySelector('rect')).toHaveAttribute('fill', '#5c2d91');
    expect(logo).toHaveTextContent('PF');
  });

  it('draws the brand’s mark Billow serves over its monogram, which stays if the mark fails', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', '');
    render(<MerchantLogo name="Netflix" website="netflix.com" />);
    const logo = screen.getByRole('img', { name: 'Netflix' });
    const mark = screen.getByTestId('merchant-mark');
    expect(mark).toHaveAttribute('src', '/logos/netflix.com.svg');
    expect(logo).toContainElement(mark);
    fireEvent.error(mark);
    expect(screen.queryByTestId('merchant-mark')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Netflix' })).toHaveTextContent('N');
  });

  it('keeps the tinted letter for a merchant the catalogue does not know', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', '');
    render(<MerchantLogo name="Corner Gym" website="cornergym.example" />);
    expect(screen.getByRole('img', { name: 'Corner Gym' })).not.toHaveAttribute('data-mark');
    expect(screen.getByTestId('merchant-letter')).toHaveTextContent('C');
  });

  it('shows the letter when the merchant has no website', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', 'https://img.example/{domain}');
    render(<MerchantLogo name="Corner Gym" website={null} />);
    expect(screen.getByTestId('merchant-letter')).toHaveTextContent('C');
    expect(logoUrlFor(null)).toBeUndefined();
  });

  it('loads the logo from the template and falls back to the letter if it fails', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', 'https://img.example/{domain}?token=pk_test');
    render(<MerchantLogo name="Hulu" website="https://www.hulu.com/start" />);
    const image = screen.getByRole('img', { name: 'Hulu' });
    expect(image).toHaveAttribute('src', 'https://img.example/hulu.com?token=pk_test');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Hulu' })).toHaveTextContent('H');
  });

  it('stays out of the accessibility tree when text beside it names the merchant', () => {
    vi.stubEnv('VITE_LOGO_URL_TEMPLATE', '');
    render(<MerchantLogo name="Hulu" isDecorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
