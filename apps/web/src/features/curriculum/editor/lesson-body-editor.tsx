import { Input } from '@mantine/core';
import { getUploadImageExtension, RichTextEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import { richTextStarterKit } from '@/lib/rich-text-starter-kit';
import editorStylesheet from '@mantine/tiptap/styles.css?url';
import { useEffect, useId, useRef } from 'react';
import { HEADER_HEIGHT } from '@/components/site-header/site-header';
import { useIntl } from '@/i18n/intl';
import { loadStylesheet } from '@/lib/load-stylesheet';
import { curriculumEditorMessages as messages } from './messages';

loadStylesheet(editorStylesheet);

export interface LessonBodyEditorProps {
  label: string;
  description?: string;
  /** HTML; '' when empty. A different value from outside (a reload) replaces the content. */
  value: string;
  onChange: (html: string) => void;
  /** Uploads a picked, dropped or pasted image (as a lesson attachment) and answers its address and alt text. */
  onImageUpload: (file: File) => Promise<{ src: string; alt: string }>;
  onImageUploadError: (file: File, error: unknown) => void;
}

/**
 * A lesson's body: the rich-text editor of About Course (headings, lists, links) plus code blocks and images.
 * Images are uploaded as the lesson's image attachments; the server keeps only those (ADR 029).
 */
export function LessonBodyEditor({
  label,
  description,
  value,
  onChange,
  onImageUpload,
  onImageUploadError,
}: LessonBodyEditorProps) {
  const t = useIntl().formatMessage;
  const labelId = useId();
  const descriptionId = useId();
  const onChangeRef = useRef(onChange);
  const uploadRef = useRef({ onImageUpload, onImageUploadError });
  useEffect(() => {
    onChangeRef.current = onChange;
    uploadRef.current = { onImageUpload, onImageUploadError };
  });

  const editor = useEditor({
    extensions: [
      richTextStarterKit(),
      // The callbacks read the latest handlers when an image is uploaded (an event), never during render.
      // eslint-disable-next-line react-hooks/refs
      getUploadImageExtension(Image, {
        onImageUpload: (file: File) => uploadRef.current.onImageUpload(file),
        onImageUploadError: (file: File, error: unknown) => uploadRef.current.onImageUploadError(file, error),
      }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(description ? { 'aria-describedby': descriptionId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value === current) return;
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
  }, [editor, value]);

  return (
    <Input.Wrapper
      labelElement="div"
      label={<span id={labelId}>{label}</span>}
      description={description ? <span id={descriptionId}>{description}</span> : undefined}
    >
      <RichTextEditor
        editor={editor}
        mt={6}
        styles={{ content: { minHeight: 280 } }}
        labels={{
          h1ControlLabel: t(messages.heading, { level: 1 }),
          h2ControlLabel: t(messages.heading, { level: 2 }),
          h3ControlLabel: t(messages.heading, { level: 3 }),
          codeBlockControlLabel: t(messages.codeBlock),
          imageUploadControlLabel: t(messages.insertImage),
        }}
      >
        <RichTextEditor.Toolbar
          sticky
          stickyOffset={HEADER_HEIGHT}
          role="toolbar"
          aria-label={t(messages.formatting, { label })}
        >
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.ImageUpload accept="image/png,image/jpeg,image/webp,image/gif" />
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
