/* global document, window */
// Mantine's ColorSchemeScript, as a static file: sets the saved theme on <html> before the app
// loads so a light-theme user never sees a dark flash. Key and default must match
// src/lib/theme.ts (dark by default, preference kept locally under `theme`).
(function () {
  var scheme = 'dark';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark') {
      scheme = saved;
    } else if (saved === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
  } catch {
    // Storage can be blocked (privacy settings); the default applies.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
