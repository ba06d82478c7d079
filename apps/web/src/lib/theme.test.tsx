import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { readDarkMode, THEME_COLORS, ThemeProvider } from './theme';

describe('theme', () => {
  it('has no stored choice when nothing or something malformed is stored', () => {
    expect(readDarkMode()).toBeNull();
    localStorage.setItem('darkMode', '{oops');
    expect(readDarkMode()).toBeNull();
    localStorage.setItem('darkMode', 'false');
    expect(readDarkMode()).toBe(false);
  });

  it('follows the system’s scheme, live, while the person has not chosen, and stores nothing', () => {
    const listeners = new Set<() => void>();
    const system = { matches: true };
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && system.matches;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(localStorage.getItem('darkMode')).toBeNull();

    system.matches = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('darkMode')).toBeNull();
  });

  it('keeps the person’s choice over the system’s once they toggle', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' })));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('darkMode')).toBe('false');
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
