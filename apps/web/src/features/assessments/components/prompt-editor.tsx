import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import editorStylesheet from '@mantine/tiptap/styles.css?url';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from '@/i18n/intl';
import { loadStylesheet } from '@/lib/load-stylesheet';
import { authoringMessages as messages } from '../authoring/messages';

loadStylesheet(editorStylesheet);

/** The question prompt: rich text with a few formats (the server sanitises it to the same allowlist as About Course). */
export function PromptEditor({
  value,
  onChange,
  label: givenLabel,
}: {
  value: string;
  onChange: (html: string) => void;
  /** The field's name (default: "Prompt"), in the page's language. */
  label?: string;
}) {
  const t = useIntl().formatMessage;
  const label = givenLabel ?? t(messages.prompt);
  const labelId = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, link: false, codeBlock: false, horizontalRule: false })],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <Input.Wrapper labelElement="div" label={<span id={labelId}>{label}</span>}>
      <RichTextEditor editor={editor} mt={6} styles={{ content: { minHeight: 100 } }}>
        <RichTextEditor.Toolbar role="toolbar" aria-label={t(messages.formatting, { label })}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
