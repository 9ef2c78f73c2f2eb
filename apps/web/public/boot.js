// Starts the app of a server-rendered page after its first paint (apps/server/src/plugins/web.ts, ADR 014).
const boot = document.querySelector('script[data-entry]');
let started = false;

function start() {
  if (started) return;
  started = true;
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
