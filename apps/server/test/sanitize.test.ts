import { ABOUT_HTML, isAllowedImageSrc, isAllowedLinkHref, type Course } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { sanitizeAboutHtml } from '../src/features/courses/sanitize.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

const ctx = useTestApp();

/** Known XSS vectors (OWASP cheat sheet, mutation XSS, parser confusion, URL obfuscation). */
const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="https://ok.example/" onmouseover="alert(1)" style="position:fixed">x</a>',
  '<p onclick="alert(1)">x</p>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="width: expression(alert(1))">x</div>',
  '<body onload=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  "<style>@import 'javascript:alert(1)';</style>",
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><script>alert(1)</script></template>',
  '<select><option><script>alert(1)</script></option></select>',
  '<xmp><script>alert(1)</script></xmp>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<p>"><script>alert(1)</script></p>',
  '<h1 class="ql-indent-1 x" onclick="alert(1)" id="x">heading</h1>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<button formaction="javascript:alert(1)">x</button>',
];

const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'rel',
  'target',
  'class',
  'start',
  'src',
  'alt',
  'loading',
  'referrerpolicy',
]);

/** Fails unless every tag and attribute in `html` is on the ABOUT_HTML allowlist with a safe value. */
function expectOnlyAllowedMarkup(html: string) {
  const lower = html.toLowerCase();
  for (const needle of ['<script', 'javascript:', 'vbscript:', 'data:', 'onerror', 'onload', 'style=', 'srcdoc']) {
    // Text content is escaped, so a needle can only appear as escaped text, never as markup.
    const markup = lower.replace(/>[^<]*</g, '><');
    expect(markup).not.toContain(needle);
  }
  for (const [, name, attributes] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    expect(ABOUT_HTML.tags).toContain(name!.toLowerCase());
    for (const [, attribute, value] of attributes!.matchAll(/\s([^\s=]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED_ATTRIBUTES).toContain(attribute);
      if (attribute === 'href') expect(isAllowedLinkHref(value!.replaceAll('&amp;', '&'))).toBe(true);
      if (attribute === 'src') expect(isAllowedImageSrc(value!.replaceAll('&amp;', '&'))).toBe(true);
      if (attribute === 'class') expect(value).toMatch(/^ql-[a-z][a-z0-9-]*( ql-[a-z][a-z0-9-]*)*$/);
      if (attribute === 'rel') expect(value).toBe('noopener noreferrer nofollow');
      if (attribute === 'target') expect(value).toBe('_blank');
    }
  }
}

describe('about HTML sanitising', () => {
  it(`strips all ${XSS_VECTORS.length} known XSS vectors`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(30);
    for (const vector of XSS_VECTORS) {
      const clean = sanitizeAboutHtml(`<p>before</p>${vector}<p>after</p>`);
      expectOnlyAllowedMarkup(clean);
      // What came before survives; an unclosed vector (e.g. noscript) may take what follows with it.
      expect(clean.startsWith('<p>before</p>')).toBe(true);
    }
  });

  it('keeps what the editor produces: headings 1–3, marks, lists, quotes, code, indents and safe links', () => {
    const editorOutput = [
      '<h1>Title</h1>',
      '<h2 class="ql-indent-1">Part</h2>',
      '<h3>Section</h3>',
      '<p class="ql-indent-8"><strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>under</u> <s>strike</s></p>',
      '<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li></ul>',
      '<ol start="3"><li class="ql-indent-2">three</li></ol>',
      '<blockquote><p>quote</p></blockquote>',
      '<pre><code>const x = 1;</code></pre>',
      '<p>line<br />break</p>',
      '<hr />',
    ].join('');
    expect(sanitizeAboutHtml(editorOutput)).toBe(editorOutput);

    const links = [
      '<a href="http://example.com/a?b=1&amp;c=2">http</a>',
      '<a href="https://example.com/">https</a>',
      '<a href="mailto:someone@example.com">mail</a>',
      '<a href="tel:+15550100">phone</a>',
    ];
    const clean = sanitizeAboutHtml(`<p>${links.join(' ')}</p>`);
    for (const link of links) {
      expect(clean).toContain(link.replace('">', '" rel="noopener noreferrer nofollow" target="_blank">'));
    }
  });

  it('normalises what it keeps: link rel/target, indent levels beyond 8, other headings and classes', () => {
    expect(sanitizeAboutHtml('<p><a href="https://x.example/" target="_self" rel="opener" title="t">x</a></p>')).toBe(
      '<p><a href="https://x.example/" rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    );
    expect(sanitizeAboutHtml('<p class="ql-indent-9">deep</p>')).toBe('<p>deep</p>');
    expect(sanitizeAboutHtml('<h4>small</h4><h6>smaller</h6>')).toBe('smallsmaller');
    expect(sanitizeAboutHtml('<p class="ql-indent-3 ql-align-center">x</p>')).toBe(
      '<p class="ql-indent-3 ql-align-center">x</p>',
    );
    expect(sanitizeAboutHtml('<p class="ql-indent-3 fancy">x</p>')).toBe('<p class="ql-indent-3">x</p>');
    expect(sanitizeAboutHtml('<p><a href="/relative">rel</a></p>')).toBe('<p><span>rel</span></p>');
    expect(sanitizeAboutHtml('<p></p>')).toBe('');
    expect(sanitizeAboutHtml('<p><br></p>')).toBe('');
  });
});

describe('about HTML: what the v1 contract adds (v1-api.md E11)', () => {
  it('keeps images with an http(s) source and ql-* classes, loading lazily without a referrer', () => {
    expect(sanitizeAboutHtml('<p><img src="https://cdn.example.com/a.png?x=1&amp;y=2" alt="Diagram"></p>')).toBe(
      '<p><img src="https://cdn.example.com/a.png?x=1&amp;y=2" alt="Diagram" loading="lazy" referrerpolicy="no-referrer" /></p>',
    );
    expect(sanitizeAboutHtml('<p><img src="http://example.com/b.jpg" width="9000" class="ql-image"></p>')).toBe(
      '<p><img src="http://example.com/b.jpg" alt="" loading="lazy" referrerpolicy="no-referrer" class="ql-image" /></p>',
    );
    expect(sanitizeAboutHtml('<p class="ql-align-center ql-direction-rtl">c</p><pre class="ql-syntax">x</pre>')).toBe(
      '<p class="ql-align-center ql-direction-rtl">c</p><pre class="ql-syntax">x</pre>',
    );
  });

  it('still drops data: and relative images, script URLs, handlers and classes outside ql-*', () => {
    for (const image of [
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img src="DATA:image/svg+xml,&lt;svg onload=alert(1)&gt;">',
      '<img src="/uploads/x.png">',
      '<img src="//evil.example/x.png">',
      '<img src="javascript:alert(1)">',
      '<img src=" jav&#x09;ascript:alert(1)">',
      '<img>',
      '<img srcset="https://example.com/a.png 2x">',
    ]) {
      expect(sanitizeAboutHtml(`<p>a${image}b</p>`), image).toBe('<p>ab</p>');
    }
    const handler = sanitizeAboutHtml('<p><img src="https://example.com/a.png" onerror="alert(1)" style="x"></p>');
    expect(handler).toBe(
      '<p><img src="https://example.com/a.png" alt="" loading="lazy" referrerpolicy="no-referrer" /></p>',
    );
    expect(sanitizeAboutHtml('<p class="x ql-"><span class="ql-size-large evil">t</span></p>')).toBe(
      '<p><span class="ql-size-large">t</span></p>',
    );
    expectOnlyAllowedMarkup(sanitizeAboutHtml(XSS_VECTORS.join('')));
  });
});

describe('about HTML through the API', () => {
  it('stores and shows a course without any XSS vector while formatting survives', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const aboutHtml = `<h2 class="ql-indent-1">Welcome</h2><ul><li>one</li></ul><p><a href="mailto:a@example.com">mail</a> <a href="tel:+1555">call</a> <a href="https://example.com/">site</a></p>${XSS_VECTORS.join('')}`;
    const created = await createCourse(ctx, teacher.token, { aboutHtml, status: 'published' });
    expectOnlyAllowedMarkup(created.aboutHtml);

    const shown = await ctx.app.inject({ method: 'GET', url: `/api/courses/${created.id}` });
    const course = shown.json<Course>();
    expect(course.aboutHtml).toBe(created.aboutHtml);
    expect(course.aboutHtml).toContain('<h2 class="ql-indent-1">Welcome</h2><ul><li>one</li></ul>');
    expect(course.aboutHtml).toContain('href="mailto:a@example.com"');
    expect(course.aboutHtml).toContain('href="tel:+1555"');
    expect(course.aboutHtml).toContain('href="https://example.com/"');

    const card = await ctx.app.inject({ method: 'GET', url: `/api/courses?q=welcome` });
    const excerpt = card.json().items.find((c: { id: string }) => c.id === created.id)?.excerpt as string;
    expect(excerpt).toMatch(/^Welcome one mail call site/);
    // Plain text (the markup is gone; escaped text such as "a < b" reads as text again).
    expect(excerpt).not.toMatch(/<(p|h2|ul|li|a)[\s>]/);

    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${created.id}`,
      headers: bearer(teacher.token),
      payload: { aboutHtml: `<p>New</p>${XSS_VECTORS.slice(0, 10).join('')}` },
    });
    expectOnlyAllowedMarkup(patched.json<Course>().aboutHtml);
  });
});
