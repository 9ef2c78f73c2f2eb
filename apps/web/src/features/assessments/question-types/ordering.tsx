import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { newItemId, type QuestionTypeModule, type TypeEditorProps } from './types';

function Editor({ value, onChange }: TypeEditorProps<'ordering'>) {
  const texts = new Map(value.body.items.map((item) => [item.id, item.text]));
  // The editor lists the items in the right order; learners get them shuffled.
  const items = value.key.order.map((id) => ({ id, text: texts.get(id) ?? '' }));
  const update = (next: typeof items) =>
    onChange({ type: 'ordering', body: { items: next }, key: { order: next.map((item) => item.id) } });
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    update(next);
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        List the items in the right order. Each item a learner puts in its right place earns an equal share.
      </Text>
      {items.map((item, index) => (
        <Group key={item.id} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={`Position ${index + 1}`}
            value={item.text}
            onChange={(e) => {
              const text = e.currentTarget.value;
              update(items.map((i) => (i.id === item.id ? { ...i, text } : i)));
            }}
          />
          <ActionIcon
            variant="subtle"
            size="lg"
            mb={2}
            aria-label={`Move position ${index + 1} up`}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          >
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            mb={2}
            aria-label={`Move position ${index + 1} down`}
            disabled={index === items.length - 1}
            onClick={() => move(index, 1)}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={`Remove position ${index + 1}`}
            disabled={items.length <= 2}
            onClick={() => update(items.filter((i) => i.id !== item.id))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => update([...items, { id: newItemId(), text: '' }])}
      >
        Add item
      </Button>
    </Stack>
  );
}

export const ordering: QuestionTypeModule<'ordering'> = {
  label: 'Ordering',
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
};
