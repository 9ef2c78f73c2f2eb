import { Input, NumberInput, Paper, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import editorStylesheet from '@mantine/tiptap/styles.css?url';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { RichTextView } from '@/components/rich-text-view';
import { loadStylesheet } from '@/lib/load-stylesheet';
import { useIntl } from '@/i18n/intl';
import { questionTypesMessages as messages } from './messages';
import type { QuestionTypeModule, TypeAnswerProps, TypeEditorProps, TypePlayerProps } from './types';

loadStylesheet(editorStylesheet);

function Editor({ value, onChange }: TypeEditorProps<'essay'>) {
  const t = useIntl().formatMessage;
  return (
    <NumberInput
      label={t(messages.essayWordLimit)}
      description={t(messages.essayWordLimitHint)}
      min={1}
      allowDecimal={false}
      value={value.body.wordLimit ?? ''}
      onChange={(limit) => onChange({ ...value, body: { wordLimit: typeof limit === 'number' ? limit : null } })}
      maw={240}
    />
  );
}

/** Words as a reader counts them: runs of letters, digits and joiners between spaces and punctuation. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

function Player({ body, response, onChange, disabled, idPrefix }: TypePlayerProps<'essay'>) {
  const intl = useIntl();
  const labelId = `${idPrefix}-essay-label`;
  const countId = `${idPrefix}-essay-count`;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const [words, setWords] = useState(0);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, link: false, codeBlock: false, horizontalRule: false })],
    content: response?.html ?? '',
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': countId,
      },
    },
    onCreate: ({ editor: current }) => setWords(countWords(current.getText())),
    onUpdate: ({ editor: current }) => {
      setWords(countWords(current.getText()));
      onChangeRef.current(current.isEmpty ? null : { html: current.getHTML() });
    },
  });
  const limit = body.wordLimit;
  const over = limit !== null && words > limit;
  return (
    <Input.Wrapper labelElement="div" label={<span id={labelId}>{intl.formatMessage(messages.yourAnswer)}</span>}>
      <RichTextEditor editor={editor} mt={6} styles={{ content: { minHeight: 180 } }}>
        <RichTextEditor.Toolbar role="toolbar" aria-label={intl.formatMessage(messages.answerFormatting)}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <Text id={countId} size="sm" mt={4} c={over ? 'red.9' : 'dimmed'} fw={over ? 600 : undefined}>
        {limit === null
          ? intl.formatMessage(messages.words, { count: words })
          : over
            ? intl.formatMessage(messages.wordsOver, { count: words, limit, over: words - limit })
            : intl.formatMessage(messages.wordsOf, { count: words, limit })}
      </Text>
    </Input.Wrapper>
  );
}

/** The written answer as text (it reads, and prints, better than a disabled editor); graded by a person. */
function Answer({ response }: TypeAnswerProps<'essay'>) {
  return (
    <Paper withBorder radius="sm" p="sm" dir="auto">
      <RichTextView html={response.html} />
    </Paper>
  );
}

export const essay: QuestionTypeModule<'essay'> = {
  empty: () => ({ type: 'essay', body: { wordLimit: null }, key: {} }),
  Editor,
  Player,
  Answer,
};
