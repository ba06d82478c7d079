import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { readDarkMode, THEME_COLORS, ThemeProvider } from './theme';

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

  it('colours the browser’s bar with the chosen theme, whatever the system’s', async () => {
    document.head.innerHTML =
      '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#f7fbfa">' +
      '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#091112">';
    const colours = () =>
      [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) =>
        meta.getAttribute('content'),
      );
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(colours()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' })));
    expect(colours()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
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
