import { Input } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconIndentDecrease, IconIndentIncrease } from '@tabler/icons-react';
import { useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useId, useRef } from 'react';
import { richTextIndentClassName } from '../rich-text-view';
import { HEADER_HEIGHT } from '../site-header/site-header';
import { aboutEditorExtensions } from './about-editor-extensions';
import { LinkControl } from './link-control';
import editorStylesheet from '@mantine/tiptap/styles.css?url';
import { loadStylesheet } from '@/lib/load-stylesheet';

loadStylesheet(editorStylesheet);

function IndentControls() {
  const { editor } = useRichTextEditorContext();
  const can = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current && !current.isDestroyed
        ? { indent: current.can().indent(), outdent: current.can().outdent() }
        : { indent: false, outdent: false },
  });
  return (
    <>
      <RichTextEditor.Control
        onClick={() => editor?.chain().focus().indent().run()}
        disabled={!can?.indent}
        aria-label="Indent"
        title="Indent (Ctrl+])"
      >
        <IconIndentIncrease size={16} stroke={1.5} aria-hidden />
      </RichTextEditor.Control>
      <RichTextEditor.Control
        onClick={() => editor?.chain().focus().outdent().run()}
        disabled={!can?.outdent}
        aria-label="Outdent"
        title="Outdent (Ctrl+[)"
      >
        <IconIndentDecrease size={16} stroke={1.5} aria-hidden />
      </RichTextEditor.Control>
    </>
  );
}

export interface AboutEditorProps {
  label: string;
  description?: string;
  /** HTML; '' when empty. Setting a different value (reset, a loaded course) replaces the content. */
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
}

/** About Course: Mantine's rich-text editor over Tiptap with the spec's few formats. */
export function AboutEditor({ label, description, value, onChange, error }: AboutEditorProps) {
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: aboutEditorExtensions(),
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  // A value from outside (the form reset, a course loaded for editing) replaces the content, outside undo history.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value === current) return;
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
  }, [editor, value]);

  // The field's description and error are announced with it.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, error, description, labelId, descriptionId, errorId]);

  return (
    <Input.Wrapper
      labelElement="div"
      label={<span id={labelId}>{label}</span>}
      description={description ? <span id={descriptionId}>{description}</span> : undefined}
      error={error ? <span id={errorId}>{error}</span> : undefined}
    >
      <RichTextEditor
        editor={editor}
        mt={6}
        className={richTextIndentClassName}
        styles={{
          root: error ? { borderColor: 'var(--mantine-color-error)' } : undefined,
          content: { minHeight: 220 },
        }}
        labels={{ h1ControlLabel: 'Heading 1', h2ControlLabel: 'Heading 2', h3ControlLabel: 'Heading 3' }}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={HEADER_HEIGHT} role="toolbar" aria-label={`${label} formatting`}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <IndentControls />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
