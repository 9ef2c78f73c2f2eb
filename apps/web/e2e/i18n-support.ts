import type { Page } from '@playwright/test';

/**
 * Text in the given regions of a page that did not come from a catalogue: in the pseudo-locale every
 * letter of a message is accented, so a text node, aria-label, title, alt or placeholder with a plain ASCII letter
 * is untranslated. Content is not UI and is exempt when it says so: an element with its own `lang` (a language's
 * name in itself), its own `dir` (a phone number, a title someone wrote) or `translate="no"` (the brand's name).
 */
export async function untranslatedText(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((regions) => {
    const plain = /[A-Za-z]/;
    const exempt = (element: Element | null) =>
      Boolean(element?.closest('body [lang], body [dir], [translate="no"], script, style, svg'));
    const found: string[] = [];
    for (const selector of regions) {
      const region = document.querySelector(selector);
      if (!region) {
        found.push(`missing region ${selector}`);
        continue;
      }
      const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (text && plain.test(text) && !exempt(node.parentElement)) found.push(`${selector}: "${text}"`);
      }
      for (const element of [region, ...Array.from(region.querySelectorAll('*'))]) {
        for (const attribute of ['aria-label', 'title', 'alt', 'placeholder']) {
          const value = element.getAttribute(attribute);
          if (value && plain.test(value) && !exempt(element)) found.push(`${selector} [${attribute}]: "${value}"`);
        }
      }
    }
    return found;
  }, selectors);
}
