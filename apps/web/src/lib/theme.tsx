/**
 * Light or dark (spec part 1 §4 "Theme"): read from local storage key darkMode (a JSON boolean,
 * off when missing or malformed), written back on every change, and mirrored as the `dark` class
 * on <html> and in the browser's theme colour (the installed app's title bar).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { THEME_STORAGE_KEY } from '@billow/contracts';

/** The page's background (--background in index.css) in each theme; also in index.html and first-paint.js. */
export const THEME_COLORS = { light: '#f7fbfa', dark: '#091112' } as const;

export function readDarkMode(): boolean {
  try {
    return JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'false') === true;
  } catch {
    return false;
  }
}

type ThemeContextValue = { isDarkMode: boolean; setDarkMode(value: boolean): void; toggle(): void };

const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [isDarkMode, setDarkMode] = useState(readDarkMode);

  useEffect(() => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(isDarkMode));
    document.documentElement.classList.toggle('dark', isDarkMode);
    // Both the light and the dark scheme's colour: Billow's theme is the person's choice, not the system's.
    for (const meta of document.querySelectorAll('meta[name="theme-color"]'))
      meta.setAttribute('content', isDarkMode ? THEME_COLORS.dark : THEME_COLORS.light);
  }, [isDarkMode]);

  const toggle = useCallback(() => setDarkMode((value) => !value), []);
  const value = useMemo(() => ({ isDarkMode, setDarkMode, toggle }), [isDarkMode, toggle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
