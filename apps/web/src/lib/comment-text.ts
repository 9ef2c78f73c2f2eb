/**
 * A grader's comment between the plain text field teachers type in and the rich text the server keeps (a paragraph
 * per line): shared by the grading inbox and the teacher's view of one attempt.
 */

/** Plain text of a sanitised comment, one line per paragraph (the comment field edits text). */
export function commentText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = [...doc.body.querySelectorAll('p, li')];
  return (blocks.length ? blocks.map((b) => b.textContent ?? '') : [doc.body.textContent ?? '']).join('\n').trim();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The comment field's text as rich text: a paragraph per line. */
export function commentHtml(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
