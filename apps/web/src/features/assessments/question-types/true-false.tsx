import { Radio, Group } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { AnswerLine, Given, Mark } from './answer-view';
import { questionTypesMessages as messages } from './messages';
import type { QuestionTypeModule, TypeAnswerProps, TypeEditorProps, TypePlayerProps } from './types';

function Editor({ value, onChange }: TypeEditorProps<'true_false'>) {
  const t = useIntl().formatMessage;
  return (
    <Radio.Group
      label={t(messages.tfStatementIs)}
      value={value.key.answer ? 'true' : 'false'}
      onChange={(answer) => onChange({ ...value, key: { answer: answer === 'true' } })}
    >
      <Group mt="xs">
        <Radio value="true" label={t(messages.true)} />
        <Radio value="false" label={t(messages.false)} />
      </Group>
    </Radio.Group>
  );
}

function Player({ response, onChange, disabled }: TypePlayerProps<'true_false'>) {
  const intl = useIntl();
  return (
    <Radio.Group
      label={intl.formatMessage(messages.statementIs)}
      value={response ? String(response.answer) : null}
      onChange={(answer) => onChange({ answer: answer === 'true' })}
    >
      <Group mt="xs">
        <Radio value="true" label={intl.formatMessage(messages.true)} disabled={disabled} />
        <Radio value="false" label={intl.formatMessage(messages.false)} disabled={disabled} />
      </Group>
    </Radio.Group>
  );
}

function Answer({ response, correct, outcome }: TypeAnswerProps<'true_false'>) {
  const intl = useIntl();
  const mark = correct ? (correct.answer === response.answer ? 'right' : 'wrong') : outcome;
  return (
    <AnswerLine mark={mark ? <Mark kind={mark} /> : null}>
      <Given>{intl.formatMessage(response.answer ? messages.true : messages.false)}</Given>
    </AnswerLine>
  );
}

export const trueFalse: QuestionTypeModule<'true_false'> = {
  empty: () => ({ type: 'true_false', body: {}, key: { answer: true } }),
  Editor,
  Player,
  Answer,
};
