import { Radio, Group } from '@mantine/core';
import type { QuestionTypeModule, TypeEditorProps } from './types';

function Editor({ value, onChange }: TypeEditorProps<'true_false'>) {
  return (
    <Radio.Group
      label="The statement in the prompt is"
      value={value.key.answer ? 'true' : 'false'}
      onChange={(answer) => onChange({ ...value, key: { answer: answer === 'true' } })}
    >
      <Group mt="xs">
        <Radio value="true" label="True" />
        <Radio value="false" label="False" />
      </Group>
    </Radio.Group>
  );
}

export const trueFalse: QuestionTypeModule<'true_false'> = {
  label: 'True / false',
  empty: () => ({ type: 'true_false', body: {}, key: { answer: true } }),
  Editor,
};
