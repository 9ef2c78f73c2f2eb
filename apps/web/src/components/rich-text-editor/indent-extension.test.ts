import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aboutEditorExtensions } from './about-editor-extensions';

let editor: Editor | null = null;

function makeEditor(content: string): Editor {
  editor = new Editor({ extensions: aboutEditorExtensions(), content });
  return editor;
}

afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('the indent extension', () => {
  it('indents a paragraph as class="ql-indent-N" and outdents it back to no class', () => {
    const ed = makeEditor('<p>Exposure</p>');
    ed.commands.setTextSelection(2);
    expect(ed.commands.indent()).toBe(true);
    expect(ed.getHTML()).toBe('<p class="ql-indent-1">Exposure</p>');
    ed.commands.indent();
    expect(ed.getHTML()).toBe('<p class="ql-indent-2">Exposure</p>');
    ed.commands.outdent();
    ed.commands.outdent();
    expect(ed.getHTML()).toBe('<p>Exposure</p>');
    expect(ed.commands.outdent()).toBe(false);
  });

  it('stops at 8 levels', () => {
    const ed = makeEditor('<p>Deep</p>');
    ed.commands.setTextSelection(2);
    for (let i = 0; i < 12; i += 1) ed.commands.indent();
    expect(ed.getHTML()).toBe('<p class="ql-indent-8">Deep</p>');
    expect(ed.can().indent()).toBe(false);
    expect(ed.can().outdent()).toBe(true);
  });

  it('indents headings and list items (the item, not the paragraph inside it)', () => {
    const ed = makeEditor('<h2>Light</h2><ul><li><p>Aperture</p></li></ul><p>End</p>');
    ed.commands.selectAll();
    ed.commands.indent();
    expect(ed.getHTML()).toBe(
      '<h2 class="ql-indent-1">Light</h2><ul><li class="ql-indent-1"><p>Aperture</p></li></ul><p class="ql-indent-1">End</p>',
    );
  });

  it('reads the indents the server keeps (and the v1 client writes) back in, capped at 8', () => {
    const ed = makeEditor(
      '<p class="ql-indent-3">Three</p><h3 class="ql-indent-8">Eight</h3><ol><li class="ql-indent-2"><p>Two</p></li></ol><p class="ql-indent-9">Nine</p>',
    );
    expect(ed.getHTML()).toBe(
      '<p class="ql-indent-3">Three</p><h3 class="ql-indent-8">Eight</h3><ol><li class="ql-indent-2"><p>Two</p></li></ol><p>Nine</p>',
    );
  });

  it('keeps headings to levels 1 to 3', () => {
    const ed = makeEditor('<h4>Four</h4><h1>One</h1>');
    expect(ed.getHTML()).toBe('<p>Four</p><h1>One</h1>');
    ed.commands.setTextSelection(2);
    expect(ed.commands.toggleHeading({ level: 3 })).toBe(true);
  });
});

describe('links in the About editor', () => {
  it('refuses javascript:, data: and other schemes, and keeps http, https, mailto and tel', () => {
    const ed = makeEditor('<p>Click here</p>');
    ed.commands.setTextSelection({ from: 1, to: 6 });
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'ftp://files.example',
      '/relative',
    ]) {
      expect(ed.commands.setLink({ href }), href).toBe(false);
    }
    expect(ed.getHTML()).not.toContain('<a');
    for (const href of ['https://example.com', 'http://example.com/a', 'mailto:ada@example.com', 'tel:+15550100']) {
      expect(ed.commands.setLink({ href }), href).toBe(true);
      expect(ed.getHTML()).toContain(`href="${href}"`);
    }
  });

  it('drops disallowed links from loaded HTML but keeps their text', () => {
    const ed = makeEditor(
      '<p><a href="javascript:alert(1)">bad</a> <a href="vbscript:x">worse</a> <a href="https://ok.example">good</a></p>',
    );
    const html = ed.getHTML();
    expect(html).toContain('bad');
    expect(html).toContain('worse');
    expect(html).not.toMatch(/javascript:|vbscript:/);
    expect(html).toContain('href="https://ok.example"');
  });
});
