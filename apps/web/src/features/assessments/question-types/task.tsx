import { Text } from '@mantine/core';
import { essay } from './essay';
import type { QuestionTypeModule, TypeEditorProps, TypePlayerProps } from './types';

function Editor(_props: TypeEditorProps<'task'>) {
  return (
    <Text size="sm" c="dimmed">
      The student hands in a written submission (rich text). Tasks are always graded by a person.
    </Text>
  );
}

const EssayPlayer = essay.Player;

/** The written part of a submission, with the essay's rich-text editor; any files already named are kept. */
function Player({ response, onChange, disabled, idPrefix }: TypePlayerProps<'task'>) {
  const files = response?.files ?? [];
  return (
    <EssayPlayer
      body={{ wordLimit: null }}
      response={response ? { html: response.html } : null}
      onChange={(next) => onChange(next === null && files.length === 0 ? null : { html: next?.html ?? '', files })}
      idPrefix={idPrefix}
      disabled={disabled}
    />
  );
}

export const task: QuestionTypeModule<'task'> = {
  label: 'Task (submission)',
  empty: () => ({ type: 'task', body: { allowText: true, allowFiles: false, maxFiles: 3 }, key: {} }),
  Editor,
  Player,
};
