import { QUESTION_LIMITS } from '@lyceum/contract/constants';
import { Checkbox, Group, Radio, Stack, TagsInput, TextInput } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { AnswerLine, Given, Mark } from './answer-view';
import { questionTypesMessages as messages } from './messages';
import type { QuestionTypeModule, TypeAnswerProps, TypeEditorProps, TypePlayerProps } from './types';

function Editor({ value, onChange }: TypeEditorProps<'short_answer'>) {
  const t = useIntl().formatMessage;
  const { key } = value;
  const set = (next: Partial<typeof key>) => onChange({ ...value, key: { ...key, ...next } });
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t(messages.saGrading)}
        value={key.mode}
        onChange={(mode) => set({ mode: mode === 'manual' ? 'manual' : 'auto' })}
      >
        <Group mt="xs">
          <Radio value="auto" label={t(messages.saAuto)} />
          <Radio value="manual" label={t(messages.saManual)} />
        </Group>
      </Radio.Group>
      {key.mode === 'auto' && (
        <>
          <TagsInput
            label={t(messages.acceptedAnswers)}
            description={t(messages.enterAfterEachAnswer)}
            value={key.accepted}
            onChange={(accepted) => set({ accepted })}
            splitChars={[]}
          />
          <Checkbox
            label={t(messages.caseMatters)}
            checked={key.caseSensitive}
            onChange={(e) => set({ caseSensitive: e.currentTarget.checked })}
          />
        </>
      )}
    </Stack>
  );
}

function Player({ response, onChange, disabled }: TypePlayerProps<'short_answer'>) {
  const intl = useIntl();
  return (
    <TextInput
      label={intl.formatMessage(messages.yourAnswer)}
      maw={480}
      maxLength={QUESTION_LIMITS.itemText}
      disabled={disabled}
      value={response?.text ?? ''}
      onChange={(e) => {
        const text = e.currentTarget.value;
        onChange(text.trim() === '' ? null : { text });
      }}
    />
  );
}

/** The typed text, marked as its score says (several texts may be accepted: the key shows one of them). */
function Answer({ response, outcome }: TypeAnswerProps<'short_answer'>) {
  return (
    <AnswerLine mark={outcome ? <Mark kind={outcome} /> : null}>
      <Given empty={response.text.trim() === ''}>{response.text}</Given>
    </AnswerLine>
  );
}

export const shortAnswer: QuestionTypeModule<'short_answer'> = {
  empty: () => ({ type: 'short_answer', body: {}, key: { mode: 'auto', accepted: [], caseSensitive: false } }),
  Editor,
  Player,
  Answer,
};
