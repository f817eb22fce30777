/**
 * The served page's one script before the app (web/vite.config.ts puts it in <head>, blocking, as a file: the
 * BFF's Content-Security-Policy allows no inline script). It sets Mantine's colour scheme, as Mantine's
 * ColorSchemeScript does, so a dark page is dark from the first paint (web/src/app/first-paint.tsx), and asks for
 * the app's entry and its module preloads once the page is drawn, so the HTML and the CSS alone make the first
 * paint (docs/decisions.md#the-first-paint-from-the-html). A hidden tab draws nothing: it asks at once.
 */
(function () {
  var script = document.currentScript;
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // no storage: Mantine decides when the app starts
  }
  var entry = script.dataset.entry;
  var preloads = script.dataset.preloads ? script.dataset.preloads.split(' ') : [];
  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }
  document.addEventListener('DOMContentLoaded', function () {
    if (document.visibilityState !== 'visible') start();
    // a frame's callbacks run just before it is painted; a task queued there runs after the paint
    else
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
  });
})();
