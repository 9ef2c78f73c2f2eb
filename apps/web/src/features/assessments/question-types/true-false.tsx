import { Radio, Group } from '@mantine/core';
import { AnswerLine, Given, Mark } from './answer-view';
import type { QuestionTypeModule, TypeAnswerProps, TypeEditorProps, TypePlayerProps } from './types';

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

function Player({ response, onChange, disabled }: TypePlayerProps<'true_false'>) {
  return (
    <Radio.Group
      label="The statement is"
      value={response ? String(response.answer) : null}
      onChange={(answer) => onChange({ answer: answer === 'true' })}
    >
      <Group mt="xs">
        <Radio value="true" label="True" disabled={disabled} />
        <Radio value="false" label="False" disabled={disabled} />
      </Group>
    </Radio.Group>
  );
}

function Answer({ response, correct, outcome }: TypeAnswerProps<'true_false'>) {
  const mark = correct ? (correct.answer === response.answer ? 'right' : 'wrong') : outcome;
  return (
    <AnswerLine mark={mark ? <Mark kind={mark} /> : null}>
      <Given>{response.answer ? 'True' : 'False'}</Given>
    </AnswerLine>
  );
}

export const trueFalse: QuestionTypeModule<'true_false'> = {
  label: 'True / false',
  empty: () => ({ type: 'true_false', body: {}, key: { answer: true } }),
  Editor,
  Player,
  Answer,
};
