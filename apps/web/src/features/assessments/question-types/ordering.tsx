import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { IconArrowDown, IconArrowUp, IconCheck } from '@tabler/icons-react';
import { useIntl } from '@/i18n/intl';
import { questionTypesMessages as messages } from './messages';
import { RowListEditor } from './row-list-editor';
import { Mark, answerClasses } from './answer-view';
import {
  newItemId,
  type QuestionTypeModule,
  type TypeAnswerProps,
  type TypeEditorProps,
  type TypePlayerProps,
} from './types';

function Editor({ value, onChange }: TypeEditorProps<'ordering'>) {
  const t = useIntl().formatMessage;
  const texts = new Map(value.body.items.map((item) => [item.id, item.text]));
  // The editor lists the items in the right order; learners get them shuffled.
  const items = value.key.order.map((id) => ({ id, text: texts.get(id) ?? '' }));
  const update = (next: typeof items) =>
    onChange({ type: 'ordering', body: { items: next }, key: { order: next.map((item) => item.id) } });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(messages.orderingHint)}
      </Text>
      <RowListEditor
        rows={items}
        onChange={update}
        rowName={(index) => t(messages.orderingRow, { number: index + 1 })}
        newRow={(id) => ({ id, text: '' })}
        addLabel={t(messages.orderingAddItem)}
        reorderable
        renderFields={(item, index, change) => (
          <TextInput
            style={{ flex: 1 }}
            label={t(messages.orderingPosition, { number: index + 1 })}
            value={item.text}
            onChange={(e) => change({ text: e.currentTarget.value })}
          />
        )}
      />
    </Stack>
  );
}

function Player({ body, response, onChange, disabled, idPrefix }: TypePlayerProps<'ordering'>) {
  const intl = useIntl();
  const byId = new Map(body.items.map((item) => [item.id, item]));
  // The saved order when there is one (ignoring ids that are not this question's), else the order served.
  const saved = response?.order.filter((id) => byId.has(id)) ?? [];
  const order = saved.length === body.items.length ? saved : body.items.map((item) => item.id);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const kept = useRef<HTMLParagraphElement>(null);
  // The order served may already be the learner's answer: keeping it answers the question without moving anything.
  const keep = () => {
    onChange({ order });
    requestAnimationFrame(() => kept.current?.focus());
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [id] = next.splice(index, 1);
    if (!id) return;
    const to = index + by;
    next.splice(to, 0, id);
    onChange({ order: next });
    setAnnouncement(
      intl.formatMessage(messages.movedTo, { item: byId.get(id)?.text ?? '', position: to + 1, count: next.length }),
    );
    // Keep the focus on the moved item: on the same button, or on the other one at either end of the list.
    const direction = (to === 0 && by === -1) || (to === next.length - 1 && by === 1) ? -by : by;
    requestAnimationFrame(() => buttons.current.get(`${id}:${direction}`)?.focus());
  };
  const listId = `${idPrefix}-order`;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" id={`${listId}-help`}>
        {intl.formatMessage(messages.orderHelp)}
      </Text>
      <Stack component="ol" gap={6} p={0} m={0} aria-describedby={`${listId}-help`} style={{ listStyle: 'none' }}>
        {order.map((id, index) => {
          const item = byId.get(id);
          if (!item) return null;
          return (
            <Paper component="li" key={id} withBorder radius="sm" px="sm" py={6} maw={560}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} c="dimmed" w={28} aria-hidden>
                  {index + 1}.
                </Text>
                <Text style={{ flex: 1, overflowWrap: 'anywhere' }}>
                  <VisuallyHidden>{intl.formatMessage(messages.position, { number: index + 1 })}</VisuallyHidden>
                  {item.text}
                </Text>
                <ActionIcon
                  ref={(el) => {
                    buttons.current.set(`${id}:-1`, el);
                  }}
                  variant="default"
                  size="lg"
                  aria-label={intl.formatMessage(messages.moveUp, { item: item.text })}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  ref={(el) => {
                    buttons.current.set(`${id}:1`, el);
                  }}
                  variant="default"
                  size="lg"
                  aria-label={intl.formatMessage(messages.moveDown, { item: item.text })}
                  disabled={disabled || index === order.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {disabled ? null : response ? (
        <Text ref={kept} size="sm" tabIndex={-1}>
          <IconCheck size={16} aria-hidden style={{ verticalAlign: -3 }} /> {intl.formatMessage(messages.orderIsAnswer)}
        </Text>
      ) : (
        <Button variant="default" w="fit-content" onClick={keep}>
          {intl.formatMessage(messages.keepOrder)}
        </Button>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

/** The items in the order given, numbered; with the key, each marked as in its right place or not. */
function Answer({ body, response, correct }: TypeAnswerProps<'ordering'>) {
  const intl = useIntl();
  const byId = new Map(body.items.map((item) => [item.id, item]));
  const order = response.order.filter((id) => byId.has(id));
  return (
    <ol className={answerClasses.list}>
      {order.map((id, index) => {
        const mark = correct ? (correct.order[index] === id ? 'right' : 'wrong') : null;
        return (
          <li key={id} className={answerClasses.row}>
            <span className={answerClasses.glyph} aria-hidden>
              {index + 1}.
            </span>
            <span style={{ overflowWrap: 'anywhere' }}>
              <VisuallyHidden>{intl.formatMessage(messages.position, { number: index + 1 })}</VisuallyHidden>
              {byId.get(id)?.text}
            </span>
            {mark ? (
              <Mark
                kind={mark}
                detail={intl.formatMessage(mark === 'right' ? messages.inPlace : messages.notInPlace)}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export const ordering: QuestionTypeModule<'ordering'> = {
  empty: () => {
    const [a, b] = [newItemId(), newItemId()];
    return {
      type: 'ordering',
      body: {
        items: [
          { id: a, text: '' },
          { id: b, text: '' },
        ],
      },
      key: { order: [a, b] },
    };
  },
  Editor,
  Player,
  Answer,
};
