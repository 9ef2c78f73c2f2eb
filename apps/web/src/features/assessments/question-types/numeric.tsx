import type { NumericAnswer } from '@lyceum/contract';
import { ActionIcon, Button, Fieldset, Group, NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useIntl } from '@/i18n/intl';
import { questionTypesMessages as messages } from './messages';
import { AnswerLine, Given, Mark } from './answer-view';
import type { QuestionTypeModule, TypeAnswerProps, TypeEditorProps, TypePlayerProps } from './types';

const num = (value: string | number, fallback = 0) => (typeof value === 'number' ? value : fallback);

function Editor({ value, onChange }: TypeEditorProps<'numeric'>) {
  const t = useIntl().formatMessage;
  const { answers } = value.key;
  const setAnswers = (next: NumericAnswer[]) => onChange({ ...value, key: { answers: next } });
  const setAnswer = (index: number, answer: NumericAnswer) =>
    setAnswers(answers.map((a, i) => (i === index ? answer : a)));
  return (
    <Stack gap="sm">
      <TextInput
        label={t(messages.numUnit)}
        description={t(messages.numUnitHint)}
        maw={240}
        value={value.body.unit}
        onChange={(e) => onChange({ ...value, body: { unit: e.currentTarget.value } })}
      />
      {answers.map((answer, index) => {
        const range = 'min' in answer;
        return (
          <Fieldset key={index} legend={t(messages.numAccepted, { number: index + 1 })} p="sm">
            <Stack gap="xs">
              <SegmentedControl
                aria-label={t(messages.numAcceptedKind, { number: index + 1 })}
                data={[
                  { value: 'value', label: t(messages.numValueTolerance) },
                  { value: 'range', label: t(messages.numRange) },
                ]}
                value={range ? 'range' : 'value'}
                onChange={(kind) =>
                  setAnswer(
                    index,
                    kind === 'range'
                      ? { min: 0, max: 0, weight: answer.weight }
                      : { value: 0, tolerance: 0, weight: answer.weight },
                  )
                }
                style={{ alignSelf: 'flex-start' }}
              />
              <Group gap="xs" align="flex-end">
                {range ? (
                  <>
                    <NumberInput
                      label={t(messages.numFrom)}
                      value={answer.min}
                      onChange={(v) => setAnswer(index, { ...answer, min: num(v) })}
                      maw={160}
                    />
                    <NumberInput
                      label={t(messages.numTo)}
                      value={answer.max}
                      onChange={(v) => setAnswer(index, { ...answer, max: num(v) })}
                      maw={160}
                    />
                  </>
                ) : (
                  <>
                    <NumberInput
                      label={t(messages.numValue)}
                      value={answer.value}
                      onChange={(v) => setAnswer(index, { ...answer, value: num(v) })}
                      maw={160}
                    />
                    <NumberInput
                      label={t(messages.numTolerance)}
                      min={0}
                      value={answer.tolerance}
                      onChange={(v) => setAnswer(index, { ...answer, tolerance: num(v) })}
                      maw={160}
                    />
                  </>
                )}
                <NumberInput
                  label={t(messages.numCredit)}
                  min={1}
                  max={100}
                  value={answer.weight}
                  onChange={(v) => setAnswer(index, { ...answer, weight: num(v, 100) })}
                  maw={110}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t(messages.numRemove, { number: index + 1 })}
                  disabled={answers.length <= 1}
                  onClick={() => setAnswers(answers.filter((_a, i) => i !== index))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setAnswers([...answers, { value: 0, tolerance: 0, weight: 100 }])}
      >
        {t(messages.numAdd)}
      </Button>
    </Stack>
  );
}

function Player({ body, response, onChange, disabled }: TypePlayerProps<'numeric'>) {
  const intl = useIntl();
  return (
    <NumberInput
      label={
        body.unit
          ? intl.formatMessage(messages.yourAnswerIn, { unit: body.unit })
          : intl.formatMessage(messages.yourAnswer)
      }
      maw={280}
      disabled={disabled}
      hideControls
      inputMode="decimal"
      decimalSeparator="."
      rightSection={body.unit ? <span aria-hidden>{body.unit}</span> : undefined}
      rightSectionWidth={body.unit ? Math.min(120, 16 + body.unit.length * 9) : undefined}
      value={response?.value ?? ''}
      onChange={(value) =>
        onChange(typeof value === 'number' && Number.isFinite(value) ? { value } : value === '' ? null : response)
      }
    />
  );
}

/** The value with its unit, marked as its score says (a range or a tolerance may accept others). */
function Answer({ body, response, outcome }: TypeAnswerProps<'numeric'>) {
  return (
    <AnswerLine mark={outcome ? <Mark kind={outcome} /> : null}>
      <Given>{body.unit ? `${response.value} ${body.unit}` : String(response.value)}</Given>
    </AnswerLine>
  );
}

export const numeric: QuestionTypeModule<'numeric'> = {
  empty: () => ({ type: 'numeric', body: { unit: '' }, key: { answers: [{ value: 0, tolerance: 0, weight: 100 }] } }),
  Editor,
  Player,
  Answer,
};
