import { QUESTION_LIMITS } from '@lyceum/contract/constants';
import { Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { questionTypesMessages as messages } from './messages';
import { essay } from './essay';
import type { QuestionTypeModule, TypeAnswerProps, TypeEditorProps, TypePlayerProps } from './types';

/** What the student may hand in: a written answer, files (how many), or both; at least one of the two. */
function Editor({ value, onChange }: TypeEditorProps<'task'>) {
  const t = useIntl().formatMessage;
  const body = value.body;
  const set = (change: Partial<typeof body>) => onChange({ ...value, body: { ...body, ...change } });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t(messages.taskIntro)}
      </Text>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Checkbox
          label={t(messages.taskText)}
          checked={body.allowText}
          // One of the two stays on: a task with nothing to hand in cannot be saved.
          disabled={body.allowText && !body.allowFiles}
          onChange={(event) => set({ allowText: event.currentTarget.checked })}
        />
        <Checkbox
          label={t(messages.taskFiles)}
          checked={body.allowFiles}
          disabled={body.allowFiles && !body.allowText}
          onChange={(event) => set({ allowFiles: event.currentTarget.checked })}
        />
        {body.allowFiles ? (
          <NumberInput
            label={t(messages.taskMaxFiles)}
            description={t(messages.taskMaxFilesHint)}
            min={1}
            max={QUESTION_LIMITS.taskMaxFiles}
            allowDecimal={false}
            clampBehavior="strict"
            value={body.maxFiles}
            onChange={(n) => set({ maxFiles: typeof n === 'number' && n >= 1 ? n : 1 })}
            maw={260}
          />
        ) : null}
      </Group>
    </Stack>
  );
}

const EssayPlayer = essay.Player;

/**
 * The written part of a submission, with the essay's rich-text editor; the files it names are kept (they are
 * handed in and listed beside it by the attempt page, which knows the attempt they are uploaded to).
 */
function Player({ body, response, onChange, disabled, idPrefix }: TypePlayerProps<'task'>) {
  const intl = useIntl();
  const files = response?.files ?? [];
  if (!body.allowText)
    return (
      <Text size="sm" c="dimmed">
        {intl.formatMessage(messages.filesOnly)}
      </Text>
    );
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

/** The written part, read as an essay's (nothing when only files were handed in: the review lists those). */
function Answer({ response, idPrefix }: TypeAnswerProps<'task'>) {
  const EssayAnswer = essay.Answer;
  if (!response.html) return null;
  return (
    <EssayAnswer
      body={{ wordLimit: null }}
      response={{ html: response.html }}
      correct={null}
      outcome={null}
      blanksRight={null}
      idPrefix={idPrefix}
    />
  );
}

export const task: QuestionTypeModule<'task'> = {
  empty: () => ({ type: 'task', body: { allowText: true, allowFiles: false, maxFiles: 3 }, key: {} }),
  Editor,
  Player,
  Answer,
};
