import { describe, expect, it } from 'vitest';
import { commentHtml, commentText } from './comment-text';

describe('grader comments: text field ↔ rich text', () => {
  it('turns each line into a paragraph, escaping what would be markup', () => {
    expect(commentHtml('Good work.\n\n  Cite <b>sources</b> & dates  ')).toBe(
      '<p>Good work.</p><p>Cite &lt;b&gt;sources&lt;/b&gt; &amp; dates</p>',
    );
    expect(commentHtml('   \n ')).toBe('');
  });

  it('reads a saved comment back as one line per paragraph', () => {
    expect(commentText('<p>Good work.</p><p>Cite <em>sources</em>.</p>')).toBe('Good work.\nCite sources.');
    expect(commentText('')).toBe('');
    expect(commentText(commentHtml('a < b\nc'))).toBe('a < b\nc');
  });
});
