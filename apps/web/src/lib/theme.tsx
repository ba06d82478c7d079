/**
 * Light or dark: the person's choice, stored under local storage key darkMode (a JSON boolean) once
 * they make one; until then the system's scheme (prefers-color-scheme), followed live and never
 * stored, so a dark phone opens Billow dark. Mirrored as the `dark` class on <html> and in the
 * browser's theme colour (the installed app's title bar). public/first-paint.js applies the same
 * rule before the first paint. See docs/appearance.md.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { THEME_STORAGE_KEY } from '@billow/contracts';

/** The page's background (--background in index.css) in each theme; also in index.html and first-paint.js. */
export const THEME_COLORS = { light: '#f7fbfa', dark: '#091112' } as const;

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/** The stored choice, or null when the person has not chosen (nothing or something malformed stored). */
export function readDarkMode(): boolean | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'null');
    return typeof stored === 'boolean' ? stored : null;
  } catch {
    return null;
  }
}

const systemScheme = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(SYSTEM_DARK) : undefined;

function subscribeToSystem(onChange: () => void) {
  const query = systemScheme();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isSystemDark = () => systemScheme()?.matches === true;

type ThemeContextValue = { isDarkMode: boolean; setDarkMode(value: boolean): void; toggle(): void };

const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState(readDarkMode);
  const systemDark = useSyncExternalStore(subscribeToSystem, isSystemDark, () => false);
  const isDarkMode = choice ?? systemDark;

  useEffect(() => {
    if (choice !== null) localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(choice));
  }, [choice]);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', isDarkMode);
    // Both the light and the dark scheme's colour: the bar follows Billow's theme, which may be
    // the person's choice against the system's.
    for (const meta of document.querySelectorAll('meta[name="theme-color"]'))
      meta.setAttribute('content', isDarkMode ? THEME_COLORS.dark : THEME_COLORS.light);
  }, [isDarkMode]);

  const toggle = useCallback(() => setChoice(!isDarkMode), [isDarkMode]);
  const value = useMemo(
    () => ({ isDarkMode, setDarkMode: setChoice, toggle }),
    [isDarkMode, toggle],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
