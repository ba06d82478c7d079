import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BankLogo, knownBankMark } from './bank-logo';

describe(BankLogo.name, () => {
  it.each(['chase.com', 'https://www.chase.com/personal', 'CHASE.COM'])(
    'draws the bank’s own mark for a known domain (%s)',
    (website) => {
      render(<BankLogo name="Chase" website={website} />);
      const logo = screen.getByRole('img', { name: 'Chase' });
      expect(logo).toHaveAttribute('data-testid', 'bank-mark');
      expect(logo).toHaveTextContent('C');
    },
  );

  it('knows the banks people link most', () => {
    for (const domain of [
      'chase.com',
      'bankofamerica.com',
      'wellsfargo.com',
      'citi.com',
      'capitalone.com',
      'usbank.com',
      'pnc.com',
      'td.com',
      'ally.com',
      'americanexpress.com',
      'discover.com',
      'navyfederal.org',
    ]) {
      expect(knownBankMark(domain)).toBeDefined();
    }
  });

  it.each([
    ['an unknown bank', 'acmecu.org'],
    ['a bank without a website', null],
  ])('shows the first letter for %s', (_case, website) => {
    render(<BankLogo name="acme Credit Union" website={website} />);
    const logo = screen.getByRole('img', { name: 'acme Credit Union' });
    expect(logo).toHaveAttribute('data-testid', 'bank-letter');
    expect(logo).toHaveTextContent(/^A$/);
  });

  it('stays out of the accessibility tree when text next to it names the bank', () => {
    render(<BankLogo name="Chase" website="chase.com" isDecorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
