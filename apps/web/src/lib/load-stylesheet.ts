const loaded = new Set<string>();

/**
 * Links a stylesheet into the document once (later calls with the same URL do nothing). For the styles of a lazily
 * loaded part that public pages never show (the editor, the charts): the stylesheet every page carries — inline in
 * server-rendered pages — stays without them (ADR 014).
 */
export function loadStylesheet(href: string): void {
  if (typeof document === 'undefined' || loaded.has(href)) return;
  loaded.add(href);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
