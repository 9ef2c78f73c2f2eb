import { NumberInput } from '@mantine/core';
import type { QuestionTypeModule, TypeEditorProps } from './types';

function Editor({ value, onChange }: TypeEditorProps<'essay'>) {
  return (
    <NumberInput
      label="Word limit"
      description="Leave empty for no limit. Essays are always graded by a person."
      min={1}
      allowDecimal={false}
      value={value.body.wordLimit ?? ''}
      onChange={(limit) => onChange({ ...value, body: { wordLimit: typeof limit === 'number' ? limit : null } })}
      maw={240}
    />
  );
}

export const essay: QuestionTypeModule<'essay'> = {
  label: 'Essay',
  empty: () => ({ type: 'essay', body: { wordLimit: null }, key: {} }),
  Editor,
};
