try {
  const isDarkMode = JSON.parse(localStorage.getItem('darkMode') || 'false') === true;
  if (isDarkMode) document.documentElement.classList.add('dark');
  // The browser's bar follows Billow's theme, not the system's (THEME_COLORS in src/lib/theme.tsx).
  for (const meta of document.querySelectorAll('meta[name="theme-color"]'))
    meta.setAttribute('content', isDarkMode ? '#091112' : '#f7fbfa');
} catch (e) {
  /* a malformed value means light mode */
}
