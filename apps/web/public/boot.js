// Starts the app of a server-rendered page after its first paint (apps/server/src/plugins/web.ts, ADR 014): the
// rest of its stylesheet, the modules to preload (a role landing's area among them) and the entry.
const boot = document.querySelector('script[data-entry]');
let started = false;

function start() {
  if (started) return;
  started = true;
  // The page inlines only the CSS of its own markup: the rest of the app's styles (what hydration, menus and other
  // pages add) arrive without holding the first paint back. The app waits for them before it renders (main.tsx).
  for (const href of (boot.dataset.stylesheet || '').split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.setAttribute('data-app-stylesheet', '');
    document.head.append(link);
  }
  for (const href of boot.dataset.preload.split(' ').filter(Boolean)) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  }
  import(boot.dataset.entry);
}

if (document.visibilityState === 'hidden') {
  start(); // a background tab paints only once shown
} else if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length) start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 2000); // should no paint be reported
} else {
  requestAnimationFrame(() => setTimeout(start)); // the frame after the next one comes after a paint
}
