/*
 * The owner's app in the theme this device chose (issue 27), before its first frame: a classic script in
 * index.html's head runs before the page is drawn, and the content-security-policy allows no inline one
 * (script-src 'self'). The same key and values as src/state/appearance.ts, which applies a later choice.
 * The service worker precaches this file with the app, so the offline app starts in its theme too.
 */
(function () {
  var theme = "system";
  try {
    var chosen = localStorage.getItem("studio-gallery.appearance");
    if (chosen === "light" || chosen === "dark") theme = chosen;
  } catch (_) {
    // storage refused: the device's own light or dark
  }
  document.documentElement.setAttribute("data-theme", theme);
})();
