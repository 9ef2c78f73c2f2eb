import { blanksOf } from '@lyceum/contract/constants';
import { Checkbox, Fieldset, Group, Stack, TagsInput, Textarea } from '@mantine/core';
import type { QuestionTypeModule, TypeEditorProps } from './types';

const NEW_BLANK = { accepted: [], caseSensitive: false, accentSensitive: true, trimWhitespace: true };

function Editor({ value, onChange }: TypeEditorProps<'fill_blank'>) {
  const { body, key } = value;
  const setSentence = (sentence: string) => {
    // One key entry per blank written in the sentence; answers already typed are kept.
    const count = Math.max(1, blanksOf(sentence).length);
    const blanks = Array.from({ length: count }, (_v, i) => key.blanks[i] ?? NEW_BLANK);
    onChange({ ...value, body: { sentence }, key: { blanks } });
  };
  const setBlank = (index: number, next: Partial<(typeof key.blanks)[number]>) =>
    onChange({ ...value, key: { blanks: key.blanks.map((b, i) => (i === index ? { ...b, ...next } : b)) } });
  return (
    <Stack gap="sm">
      <Textarea
        label="Sentence"
        description="Write [[1]], [[2]], … where the blanks go, in order."
        rows={2}
        value={body.sentence}
        onChange={(e) => setSentence(e.currentTarget.value)}
      />
      {key.blanks.map((blank, index) => (
        <Fieldset key={index} legend={`Blank [[${index + 1}]]`} p="sm">
          <Stack gap="xs">
            <TagsInput
              label="Accepted answers"
              description="Press Enter after each answer."
              value={blank.accepted}
              onChange={(accepted) => setBlank(index, { accepted })}
              splitChars={[]}
            />
            <Group gap="lg">
              <Checkbox
                label="Case matters"
                checked={blank.caseSensitive}
                onChange={(e) => setBlank(index, { caseSensitive: e.currentTarget.checked })}
              />
              <Checkbox
                label="Accents matter"
                checked={blank.accentSensitive}
                onChange={(e) => setBlank(index, { accentSensitive: e.currentTarget.checked })}
              />
              <Checkbox
                label="Ignore spaces around"
                checked={blank.trimWhitespace}
                onChange={(e) => setBlank(index, { trimWhitespace: e.currentTarget.checked })}
              />
            </Group>
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}

export const fillBlank: QuestionTypeModule<'fill_blank'> = {
  label: 'Fill in the blank',
  empty: () => ({ type: 'fill_blank', body: { sentence: '' }, key: { blanks: [NEW_BLANK] } }),
  Editor,
};
