import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useIntl } from '@/i18n/intl';
import { Mark, answerClasses, type MarkKind } from './answer-view';
import { questionTypesMessages as messages } from './messages';
import {
  newItemId,
  type QuestionTypeModule,
  type TypeAnswerProps,
  type TypeEditorProps,
  type TypePlayerProps,
} from './types';

function Editor({ value, onChange }: TypeEditorProps<'multiple_choice'>) {
  const t = useIntl().formatMessage;
  const { body, key } = value;
  const set = (next: Partial<typeof body>, nextKey: Partial<typeof key> = {}) =>
    onChange({ ...value, body: { ...body, ...next }, key: { ...key, ...nextKey } });
  const toggleCorrect = (id: string, checked: boolean) => {
    if (!body.multiple) return set({}, { correct: [id] });
    set({}, { correct: checked ? [...key.correct, id] : key.correct.filter((c) => c !== id) });
  };
  const remove = (id: string) => {
    const { [id]: _weight, ...weights } = key.weights;
    const { [id]: _feedback, ...choiceFeedback } = key.choiceFeedback;
    set(
      { choices: body.choices.filter((c) => c.id !== id) },
      { correct: key.correct.filter((c) => c !== id), weights, choiceFeedback },
    );
  };
  return (
    <Stack gap="sm">
      <Switch
        label={t(messages.mcMultiple)}
        checked={body.multiple}
        onChange={(event) =>
          set(
            { multiple: event.currentTarget.checked },
            { correct: event.currentTarget.checked ? key.correct : key.correct.slice(0, 1) },
          )
        }
      />
      <Text size="sm" c="dimmed">
        {t(body.multiple ? messages.mcMultipleHint : messages.mcSingleHint)}
      </Text>
      {body.choices.map((choice, index) => {
        const correct = key.correct.includes(choice.id);
        const number = index + 1;
        const label = t(messages.mcChoice, { number });
        return (
          <Stack key={choice.id} gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              {body.multiple ? (
                <Checkbox
                  aria-label={t(messages.mcChoiceRight, { number })}
                  checked={correct}
                  onChange={(e) => toggleCorrect(choice.id, e.currentTarget.checked)}
                  mb={8}
                />
              ) : (
                <Radio
                  aria-label={t(messages.mcChoiceRight, { number })}
                  checked={correct}
                  onChange={() => toggleCorrect(choice.id, true)}
                  mb={8}
                />
              )}
              <TextInput
                style={{ flex: 1 }}
                label={label}
                value={choice.text}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  set({ choices: body.choices.map((c) => (c.id === choice.id ? { ...c, text } : c)) });
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={t(messages.mcRemoveChoice, { number })}
                disabled={body.choices.length <= 2}
                onClick={() => remove(choice.id)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <TextInput
              ml={32}
              size="xs"
              label={t(messages.mcChoiceFeedback, { number })}
              value={key.choiceFeedback[choice.id] ?? ''}
              onChange={(e) =>
                set({}, { choiceFeedback: { ...key.choiceFeedback, [choice.id]: e.currentTarget.value } })
              }
            />
          </Stack>
        );
      })}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => set({ choices: [...body.choices, { id: newItemId(), text: '' }] })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t(messages.mcAddChoice)}
      </Button>
    </Stack>
  );
}

function Player({ body, response, onChange, disabled }: TypePlayerProps<'multiple_choice'>) {
  const intl = useIntl();
  const chosen = response?.chosen ?? [];
  if (body.multiple)
    return (
      <Checkbox.Group
        label={intl.formatMessage(messages.chooseEvery)}
        value={chosen}
        onChange={(next) => onChange(next.length > 0 ? { chosen: next } : null)}
      >
        <Stack gap="xs" mt="xs">
          {body.choices.map((choice) => (
            <Checkbox key={choice.id} value={choice.id} label={choice.text} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  return (
    <Radio.Group
      label={intl.formatMessage(messages.chooseOne)}
      value={chosen[0] ?? null}
      onChange={(id) => onChange({ chosen: [id] })}
    >
      <Stack gap="xs" mt="xs">
        {body.choices.map((choice) => (
          <Radio key={choice.id} value={choice.id} label={choice.text} disabled={disabled} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * The choices as a list: the chosen ones ticked and in bold (and said so to screen readers); with the key, each
 * chosen choice marked right or wrong and each right one left out marked "Missed". The correct answer (no key
 * to compare with, `correct` null and the response a full-marks one) lists the right choices.
 */
function Answer({ body, response, correct, choiceFeedback = [] }: TypeAnswerProps<'multiple_choice'>) {
  const intl = useIntl();
  const chosen = new Set(response.chosen);
  const right = correct ? new Set(correct.chosen) : null;
  return (
    <ul className={answerClasses.list}>
      {body.choices.map((choice) => {
        const isChosen = chosen.has(choice.id);
        let mark: MarkKind | null = null;
        if (right)
          mark = isChosen ? (right.has(choice.id) ? 'right' : 'wrong') : right.has(choice.id) ? 'missed' : null;
        return (
          <li key={choice.id} className={`${answerClasses.row}${isChosen ? ` ${answerClasses.chosen}` : ''}`}>
            <span className={answerClasses.glyph} aria-hidden>
              {body.multiple ? (isChosen ? '☑' : '☐') : isChosen ? '◉' : '○'}
            </span>
            <span>
              <VisuallyHidden>{intl.formatMessage(isChosen ? messages.chosen : messages.notChosen)}</VisuallyHidden>
              {choice.text}
            </span>
            {mark ? (
              <Mark kind={mark} detail={mark === 'missed' ? intl.formatMessage(messages.rightNotChosen) : undefined} />
            ) : null}
            {choiceFeedback
              .filter((note) => note.choiceId === choice.id)
              .map((note) => (
                <Text key={note.choiceId} size="sm" fw={400} className={answerClasses.note}>
                  {note.text}
                </Text>
              ))}
          </li>
        );
      })}
    </ul>
  );
}

export const multipleChoice: QuestionTypeModule<'multiple_choice'> = {
  empty: () => {
    const [a, b] = [newItemId(), newItemId()];
    return {
      type: 'multiple_choice',
      body: {
        choices: [
          { id: a, text: '' },
          { id: b, text: '' },
        ],
        multiple: false,
      },
      key: { correct: [a], weights: {}, choiceFeedback: {} },
    };
  },
  Editor,
  Player,
  Answer,
};
