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
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { THEME_STORAGE_KEY } from '@billow/contracts';

/** The page's background (--background in index.css) in each theme; also in index.html and src/theme-init.js. */
export const THEME_COLORS = { light: '#f7fbfa', dark: '#091112' } as const;

export function readDarkMode(): boolean {
  try {
    return JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'false') === true;
  } catch {
    return false;
  }
}

/** The class on <html> and the browser bar's colour (src/theme-init.js does the same at load). */
function applyTheme(isDarkMode: boolean) {
  document.documentElement.classList.toggle('dark', isDarkMode);
  // Both the light and the dark scheme's colour: Billow's theme is the person's choice, not the system's.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]'))
    meta.setAttribute('content', isDarkMode ? THEME_COLORS.dark : THEME_COLORS.light);
}

// The stored choice is the one source: every provider (and every tab, through the storage
// event) reads it, and a change is written there first.
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  const fromAnotherTab = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme(readDarkMode());
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', fromAnotherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromAnotherTab);
  };
}

function storeDarkMode(isDarkMode: boolean) {
  localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(isDarkMode));
  applyTheme(isDarkMode);
  for (const listener of listeners) listener();
}

/** What the build's prerendered pages were rendered with: a first visit has nothing stored. */
const prerenderedDarkMode = () => false;

type ThemeContextValue = { isDarkMode: boolean; setDarkMode(value: boolean): void; toggle(): void };

const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

export function ThemeProvider({ children }: { children: ReactNode }) {
  // While a prerendered page hydrates, React renders it as it was prerendered, then at once with
  // the stored choice; <html> already carries that choice (src/theme-init.js), so nothing flashes.
  const isDarkMode = useSyncExternalStore(subscribe, readDarkMode, prerenderedDarkMode);

  // From the store, not from this render, which may still be the prerendered one.
  useEffect(() => applyTheme(readDarkMode()), []);

  const setDarkMode = useCallback((value: boolean) => storeDarkMode(value), []);
  const toggle = useCallback(() => storeDarkMode(!readDarkMode()), []);
  const value = useMemo(
    () => ({ isDarkMode, setDarkMode, toggle }),
    [isDarkMode, setDarkMode, toggle],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
