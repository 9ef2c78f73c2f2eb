import { NativeSelect, Stack, TagsInput, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { Given, Mark, answerClasses } from './answer-view';
import { questionTypesMessages as messages } from './messages';
import { RowListEditor } from './row-list-editor';
import {
  newItemId,
  type ContentOf,
  type QuestionTypeModule,
  type TypeAnswerProps,
  type TypeEditorProps,
  type TypePlayerProps,
} from './types';

/** The editor's view of a matching question: rows of prompt → answer, and extra wrong answers. */
function rowsOf({ body, key }: ContentOf<'matching'>) {
  const options = new Map(body.options.map((o) => [o.id, o.text]));
  const used = new Set(Object.values(key.pairs));
  return {
    rows: body.prompts.map((p) => ({ id: p.id, prompt: p.text, answer: options.get(key.pairs[p.id] ?? '') ?? '' })),
    distractors: body.options.filter((o) => !used.has(o.id)).map((o) => o.text),
  };
}

/** Back to the stored shape: one option per distinct answer text, distractors after them. */
function contentOf(
  rows: { id: string; prompt: string; answer: string }[],
  distractors: string[],
  previous: ContentOf<'matching'>,
): ContentOf<'matching'> {
  const idOfText = new Map(previous.body.options.map((o) => [o.text, o.id]));
  const options: { id: string; text: string }[] = [];
  const optionFor = (text: string) => {
    // Equal texts share one option; empty ones (rows still being typed) each keep their own.
    const existing = text ? options.find((o) => o.text === text) : undefined;
    if (existing) return existing.id;
    const id = (text && idOfText.get(text)) || newItemId();
    options.push({ id, text });
    return id;
  };
  const pairs: Record<string, string> = {};
  for (const row of rows) pairs[row.id] = optionFor(row.answer);
  for (const text of distractors) optionFor(text);
  return {
    type: 'matching',
    body: { prompts: rows.map((r) => ({ id: r.id, text: r.prompt })), options },
    key: { pairs },
  };
}

function Editor({ value, onChange }: TypeEditorProps<'matching'>) {
  const t = useIntl().formatMessage;
  const { rows, distractors } = rowsOf(value);
  const update = (nextRows: typeof rows, nextDistractors = distractors) =>
    onChange(contentOf(nextRows, nextDistractors, value));
  return (
    <Stack gap="sm">
      <RowListEditor
        rows={rows}
        onChange={(next) => update(next)}
        rowName={(index) => t(messages.matchingRow, { number: index + 1 })}
        newRow={(id) => ({ id, prompt: '', answer: '' })}
        addLabel={t(messages.matchingAddPair)}
        renderFields={(row, index, change) => (
          <>
            <TextInput
              style={{ flex: 1 }}
              label={t(messages.matchingItem, { number: index + 1 })}
              value={row.prompt}
              onChange={(e) => change({ prompt: e.currentTarget.value })}
            />
            <TextInput
              style={{ flex: 1 }}
              label={t(messages.matchingItsMatch)}
              value={row.answer}
              onChange={(e) => change({ answer: e.currentTarget.value })}
            />
          </>
        )}
      />
      <TagsInput
        label={t(messages.matchingExtra)}
        description={t(messages.enterAfterEach)}
        value={distractors}
        onChange={(next) => update(rows, next)}
        splitChars={[]}
      />
    </Stack>
  );
}

function Player({ body, response, onChange, disabled }: TypePlayerProps<'matching'>) {
  const intl = useIntl();
  const pairs = response?.pairs ?? {};
  const set = (promptId: string, optionId: string) => {
    const { [promptId]: _old, ...rest } = pairs;
    const next = optionId ? { ...rest, [promptId]: optionId } : rest;
    onChange(Object.keys(next).length > 0 ? { pairs: next } : null);
  };
  const data = [
    { value: '', label: intl.formatMessage(messages.chooseMatch) },
    ...body.options.map((o) => ({ value: o.id, label: o.text })),
  ];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {intl.formatMessage(messages.chooseEachMatch)}
      </Text>
      {body.prompts.map((prompt) => (
        <NativeSelect
          key={prompt.id}
          label={prompt.text}
          maw={480}
          disabled={disabled}
          data={data}
          value={pairs[prompt.id] ?? ''}
          onChange={(e) => set(prompt.id, e.currentTarget.value)}
        />
      ))}
    </Stack>
  );
}

/** Each item with the match given, marked right or wrong against the key when it is released. */
function Answer({ body, response, correct }: TypeAnswerProps<'matching'>) {
  const intl = useIntl();
  const options = new Map(body.options.map((o) => [o.id, o.text]));
  return (
    <ul className={answerClasses.list}>
      {body.prompts.map((prompt) => {
        const given = response.pairs[prompt.id];
        const text = given === undefined ? undefined : options.get(given);
        const mark = correct ? (given !== undefined && correct.pairs[prompt.id] === given ? 'right' : 'wrong') : null;
        return (
          <li key={prompt.id} className={answerClasses.row}>
            <span>
              {prompt.text} <span aria-hidden>→</span>
              <VisuallyHidden>{intl.formatMessage(messages.matchedWith)}</VisuallyHidden>{' '}
              <Given empty={text === undefined}>{text}</Given>
            </span>
            {mark ? <Mark kind={mark} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

export const matching: QuestionTypeModule<'matching'> = {
  empty: () => {
    const [p1, p2, o1, o2] = [newItemId(), newItemId(), newItemId(), newItemId()];
    return {
      type: 'matching',
      body: {
        prompts: [
          { id: p1, text: '' },
          { id: p2, text: '' },
        ],
        options: [
          { id: o1, text: '' },
          { id: o2, text: '' },
        ],
      },
      key: { pairs: { [p1]: o1, [p2]: o2 } },
    };
  },
  Editor,
  Player,
  Answer,
};
