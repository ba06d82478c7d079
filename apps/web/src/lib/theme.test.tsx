import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { readDarkMode, ThemeProvider } from './theme';

describe('theme', () => {
  it('is light when nothing or something malformed is stored', () => {
    expect(readDarkMode()).toBe(false);
    localStorage.setItem('darkMode', '{oops');
    expect(readDarkMode()).toBe(false);
  });

  it('toggles the dark class and stores the choice as a JSON boolean', async () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' })));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' })));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('darkMode')).toBe('false');
  });

  it('starts dark when darkMode is stored as true', () => {
    localStorage.setItem('darkMode', 'true');
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });
});
