/**
 * Light or dark (spec part 1 §4 "Theme"): read from local storage key darkMode (a JSON boolean,
 * off when missing or malformed), written back on every change, and mirrored as the `dark` class
 * on <html>.
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
