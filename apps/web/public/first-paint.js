/*
 * Runs before the first paint (a blocking script in index.html's head).
 *
 * The theme: the saved choice, or the system's scheme while nothing is saved, as the `dark` class,
 * so dark mode never flashes white, and the browser's bar in Billow's colour (THEME_COLORS and the
 * rule in src/lib/theme.tsx).
 *
 * The prerendered page: /signup and /auth arrive with their markup as a first-time visitor sees
 * it. A visitor whose first screen differs (dark mode, a session or a texted code in
 * this tab, or a page reached with navigation state) must not see that markup while the script
 * loads: `data-prerender="skip"` hides it (src/index.css) and src/main.tsx renders afresh.
 */
try {
  var stored = JSON.parse(localStorage.getItem('darkMode') || 'null');
  var isDarkMode =
    typeof stored === 'boolean'
      ? stored
      : typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  if (isDarkMode) document.documentElement.classList.add('dark');
  for (var meta of document.querySelectorAll('meta[name="theme-color"]'))
    meta.setAttribute('content', isDarkMode ? '#091112' : '#f7fbfa');
  var state = history.state;
  if (isDarkMode || sessionStorage.length > 0 || (state && state.usr != null))
    document.documentElement.dataset.prerender = 'skip';
} catch (e) {
  /* storage out of reach (a malformed value, a blocked storage): light mode, a fresh render */
  document.documentElement.dataset.prerender = 'skip';
}

/*
 * Taps before the app has started: a button of the prerendered markup does nothing until React
 * has adopted it, so a tap there was lost. Until then a tap on one is held (its
 * default, such as a form's submission, prevented) and replayed once the page is the app's
 * (src/lib/held-taps.ts). Only the page's own buttons, as parsed, are held: one the app draws
 * itself (an error or offline screen in the page's place) works from the start. src/main.tsx
 * stops holding when it draws the page afresh instead.
 */
if (document.documentElement.dataset.prerender !== 'skip') {
  var heldTaps = [];
  var parsedButtons = null;
  window.billowHeldTaps = heldTaps;
  // The page is parsed before any module script runs, so these are all the prerendered buttons.
  document.addEventListener('readystatechange', function () {
    if (document.readyState === 'interactive' && parsedButtons === null)
      parsedButtons = new WeakSet(document.querySelectorAll('#root button'));
  });
  document.addEventListener(
    'click',
    function hold(event) {
      if (window.billowHeldTaps !== heldTaps) {
        document.removeEventListener('click', hold, true);
        return;
      }
      var target = event.target;
      var button = target instanceof Element ? target.closest('#root button') : null;
      if (!button || (parsedButtons !== null && !parsedButtons.has(button))) return;
      event.preventDefault();
      event.stopPropagation();
      if (heldTaps.indexOf(button) < 0) heldTaps.push(button);
    },
    true,
  );
}
