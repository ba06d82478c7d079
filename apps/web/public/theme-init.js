try {
  if (JSON.parse(localStorage.getItem('darkMode') || 'false') === true) {
    document.documentElement.classList.add('dark');
  }
} catch (e) {
  /* a malformed value means light mode */
}
