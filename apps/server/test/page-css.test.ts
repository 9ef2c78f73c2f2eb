import { describe, expect, it } from 'vitest';
import { classesInMarkup, parseStylesheet, usedCss } from '../src/lib/page-css.js';

/*
 * What a rendered page inlines of the app's stylesheet (issue 20 point 6): the rules its markup can use, in the
 * stylesheet's order, and everything this reader cannot rule out.
 */
const page = '<header class="m_a header_x"><button class="m_b" data-variant="filled">Go</button></header><p>x</p>';

describe('the CSS a rendered page inlines', () => {
  it('keeps the rules whose classes are all on the page, and drops the others', () => {
    const css = '.m_a{color:red}.m_c{color:blue}.m_a .m_b{top:0}.m_a .m_c{top:1px}.m_c,.m_b{left:0}';
    expect(usedCss(parseStylesheet(css), page)).toBe('.m_a{color:red}.m_a .m_b{top:0}.m_c,.m_b{left:0}');
  });

  it('keeps the reset, variables, element and attribute rules, font faces and keyframes', () => {
    const css =
      '@charset "UTF-8";@layer base,components;:root{--x:1px}*,:before{box-sizing:border-box}body{margin:var(--x)}' +
      '[data-mantine-color-scheme=dark] p{color:#fff}@font-face{font-family:F;src:url(f.woff2)}' +
      '@keyframes spin{0%{rotate:0}to{rotate:1turn}}.gone{color:red}';
    expect(usedCss(parseStylesheet(css), page)).toBe(css.replace('.gone{color:red}', ''));
  });

  it('reads classes inside :not(), :is() and attribute values as not required', () => {
    const css = '.m_b:not(.m_c){a:1}.m_b:is(.m_c,.m_d){b:2}.m_b:where([data-variant=".m_c"]){c:3}.m_c:not(.m_b){d:4}';
    expect(usedCss(parseStylesheet(css), page)).toBe(
      '.m_b:not(.m_c){a:1}.m_b:is(.m_c,.m_d){b:2}.m_b:where([data-variant=".m_c"]){c:3}',
    );
  });

  it('filters inside media, supports and layer blocks and drops the ones left empty', () => {
    const css =
      '@media (min-width:48em){.m_a{x:1}.m_c{x:2}}@media (max-width:10em){.m_c{x:3}}' +
      '@supports (display:grid){@media print{.m_b{y:1}}}@layer components{.m_c{z:1}}';
    expect(usedCss(parseStylesheet(css), page)).toBe(
      '@media (min-width:48em){.m_a{x:1}}@supports (display:grid){@media print{.m_b{y:1}}}',
    );
  });

  it('is not confused by braces and semicolons in strings and comments, and keeps escaped selectors', () => {
    const css =
      '/* a { comment } */.m_a:after{content:"} .m_c {";x:1}.m_c:before{content:\'{\'}' +
      '.md\\:wide{w:1}.m_a{background:url("data:image/svg+xml;utf8,<svg>}</svg>")}';
    expect(usedCss(parseStylesheet(css), page)).toBe(
      '.m_a:after{content:"} .m_c {";x:1}.md\\:wide{w:1}.m_a{background:url("data:image/svg+xml;utf8,<svg>}</svg>")}',
    );
  });

  it('keeps rules with nested blocks whole, decided by their own selector', () => {
    const css = '.m_a{color:red;&:hover{color:blue}}.m_c{color:red;&:hover{color:blue}}';
    expect(usedCss(parseStylesheet(css), page)).toBe('.m_a{color:red;&:hover{color:blue}}');
  });

  it('keeps only the custom properties the page can read, following variables that read variables', () => {
    const css =
      ':root{--unused:1px;--gap:var(--space-md);--space-md:16px;--space-lg:24px;--inline:red;--kf:1turn;--cls:0}' +
      '[data-mantine-color-scheme=dark]{--unused:2px;--gap:8px}' +
      '.m_a{--button-h:var(--h-sm);--h-sm:36px;--h-lg:50px;height:var(--button-h);padding:var(--gap)}' +
      '.m_c{margin:var(--cls)}@keyframes k{to{rotate:var(--kf)}}' +
      '@media (min-width:1em){:root{--space-lg:30px;--unused:3px}}';
    const markup = `${page}<span style="color:var(--inline)"></span>`;
    expect(usedCss(parseStylesheet(css), markup)).toBe(
      ':root{--gap:var(--space-md);--space-md:16px;--inline:red;--kf:1turn}' +
        '[data-mantine-color-scheme=dark]{--gap:8px}' +
        '.m_a{--button-h:var(--h-sm);--h-sm:36px;height:var(--button-h);padding:var(--gap)}' +
        '@keyframes k{to{rotate:var(--kf)}}',
    );
  });

  it('finds the classes of every element of the markup', () => {
    expect([...classesInMarkup(page)].sort()).toEqual(['header_x', 'm_a', 'm_b']);
    expect(classesInMarkup('<svg class=" icon  icon-x "></svg><div data-class="m_z"></div>')).toEqual(
      new Set(['icon', 'icon-x']),
    );
  });
});
