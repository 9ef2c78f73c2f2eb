/**
 * jsdom has no `document.fonts`; Mantine's autosizing Textarea listens to it. (Belongs in src/test/setup.ts
 * once the shared setup is next changed; imported by the forum tests until then.)
 */
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
