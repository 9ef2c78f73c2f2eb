import type { CourseListField as CourseListFieldName } from '@lyceum/contract';
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useIntl } from '@/i18n/intl';
import { courseFormMessages as messages } from '../form/messages';
import { courseFieldLabel, type CourseFormValues } from './course-form-values';

export interface CourseListFieldProps {
  form: UseFormReturnType<CourseFormValues>;
  field: CourseListFieldName;
  placeholder?: string;
}

/**
 * One of the five lists (spec §2): an entry per line, + adds a blank entry (and moves the cursor into it),
 * the bin removes one. Blank entries are left out when the course is saved.
 */
export function CourseListField({ form, field, placeholder }: CourseListFieldProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const label = courseFieldLabel(intl, field);
  const items = form.values[field];
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusIndex = useRef<number | null>(null);
  const listError = form.errors[field];

  useEffect(() => {
    if (focusIndex.current === null) return;
    const index = focusIndex.current;
    focusIndex.current = null;
    (index >= 0 ? inputs.current[index] : addButton.current)?.focus();
  }, [items.length]);

  const add = () => {
    focusIndex.current = items.length;
    form.insertListItem(field, '');
  };

  const remove = (index: number) => {
    // Keep the keyboard where it was: on the entry before, or on + when the list is now empty.
    focusIndex.current = items.length > 1 ? Math.max(index - 1, 0) : -1;
    form.removeListItem(field, index);
  };

  return (
    <Fieldset
      legend={label}
      radius="md"
      variant="filled"
      p={{ base: 'sm', sm: 'md' }}
      aria-describedby={listError ? `${field}-error` : undefined}
    >
      <Stack gap="xs">
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(messages.noEntries)}
          </Text>
        ) : null}
        {items.map((_, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              {...form.getInputProps(`${field}.${index}`)}
              ref={(element) => {
                inputs.current[index] = element;
              }}
              aria-label={t(messages.entry, { label, number: index + 1 })}
              placeholder={placeholder}
              style={{ flex: 1 }}
              onKeyDown={(event) => {
                // Enter adds the next entry instead of submitting the whole form.
                if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              onClick={() => remove(index)}
              aria-label={t(messages.removeEntry, { label, number: index + 1 })}
              title={t(messages.removeThisEntry)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {listError ? (
          <Text size="sm" c="red.9" id={`${field}-error`}>
            {listError}
          </Text>
        ) : null}
        <Button
          ref={addButton}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          aria-label={t(messages.addEntry, { label })}
          w="fit-content"
        >
          {t(messages.add)}
        </Button>
      </Stack>
    </Fieldset>
  );
}
