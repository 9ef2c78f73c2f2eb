import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextView } from './rich-text-view';

/** What an attacker stores in a field that escaped the server's rule (issue 55). */
const HOSTILE =
  '<div id="overlay" style="position:fixed;inset:0;background:#fff">Your session expired. ' +
  '<a href="https://evil.example/login">Sign in again</a></div>' +
  '<meta http-equiv="refresh" content="0;url=https://evil.example">' +
  '<img src="x" onerror="alert(1)"><p onclick="alert(2)">Click</p>' +
  '<a href="javascript:alert(3)">run</a><a href="  JaVaScRiPt:alert(4)">run</a>' +
  '<form action="https://evil.example"><input name="password"></form><iframe src="https://evil.example"></iframe>' +
  '<script>alert(5)</script><style>body{display:none}</style><svg><a href="javascript:alert(6)">x</a></svg>';

/** The view's own element (Mantine adds its style elements beside it). */
function view(html: string): Element {
  const { container } = render(
    <MantineProvider>
      <RichTextView html={html} />
    </MantineProvider>,
  );
  const root = container.querySelector('.mantine-Typography-root');
  if (!root) throw new Error('RichTextView rendered no Typography');
  return root;
}

describe('RichTextView', () => {
  it('renders hostile HTML inert: no overlay, meta refresh, handlers, javascript: links, forms or frames', () => {
    const container = view(HOSTILE);
    expect(container.querySelector('[style]')).toBeNull();
    expect(container.querySelector('meta, script, style, form, input, iframe, svg')).toBeNull();
    const all = [...container.querySelectorAll('*')];
    expect(all.flatMap((el) => el.getAttributeNames()).filter((name) => name.startsWith('on'))).toEqual([]);
    // An absolute https link is allowed content (it opens in a new tab, and is not an overlay); javascript: is not.
    const hrefs = [...container.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://evil.example/login']);
    // The text a reader needs survives as text.
    expect(container.textContent).toContain('Your session expired.');
    expect(container.textContent).toContain('Click');
  });

  it('keeps the formatting the editor makes: indents, lists, code languages, safe links, local images', () => {
    const container = view(
      '<p class="ql-indent-2">Indented</p><ol start="3"><li>three</li></ol><pre><code class="language-ts">x</code></pre>' +
        '<a href="https://example.org">site</a><img src="/uploads/a.png" alt="A"><p class="evil ql-align-center">c</p>',
    );
    expect(container.querySelector('p.ql-indent-2')).not.toBeNull();
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(container.querySelector('code')?.className).toBe('language-ts');
    const link = container.querySelector('a');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.png');
    expect(container.querySelectorAll('p')[1]?.className).toBe('ql-align-center');
  });
});
