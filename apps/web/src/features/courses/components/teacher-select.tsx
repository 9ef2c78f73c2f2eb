import type { PublicUser, TeacherOption } from '@lyceum/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useIntl } from '@/i18n/intl';
import { useTeachers } from '../api/get-teachers';
import { courseFormMessages as messages } from '../form/messages';

export interface TeacherSelectProps {
  value: string;
  onChange: (teacherId: string) => void;
  error?: string | null;
  /** The course's current teacher, offered even when not among the first results. */
  current?: PublicUser | null;
  onBlur?: () => void;
}

/**
 * "Maya Angelou · maya@lyceum.example": the name, then what tells two teachers of that name apart — the username
 * when it is not just the name again (usernames default to the full name), else the e-mail.
 */
export function teacherLabel(teacher: PublicUser | TeacherOption): string {
  const name = `${teacher.firstname} ${teacher.lastname}`.trim();
  const username = teacher.username.trim();
  const detail =
    username && username.toLowerCase() !== name.toLowerCase() ? username : 'email' in teacher ? teacher.email : '';
  return detail ? `${name} · ${detail}` : name;
}

/** Admins write a course on behalf of a teacher: pick one, searching by name, username or e-mail on the server. */
export function TeacherSelect({ value, onChange, error, current, onBlur }: TeacherSelectProps) {
  const t = useIntl().formatMessage;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [selectedLabel, setSelectedLabel] = useState(current ? teacherLabel(current) : '');
  // The search box shows the chosen teacher's name: that is not a search.
  const query = useTeachers(debounced === selectedLabel ? '' : debounced.trim());

  const data = useMemo(() => {
    const teachers: Array<PublicUser | TeacherOption> = [...(query.data?.items ?? [])];
    if (current && !teachers.some((teacher) => teacher.id === current.id)) teachers.unshift(current);
    return teachers.map((teacher) => ({ value: teacher.id, label: teacherLabel(teacher) }));
  }, [query.data, current]);

  return (
    <Select
      label={t(messages.fieldLabel, { field: 'teacherId' })}
      description={t(messages.teacherHint)}
      placeholder={t(query.isPending ? messages.loadingTeachers : messages.searchTeacher)}
      data={data}
      value={value || null}
      onChange={(teacherId, option) => {
        onChange(teacherId ?? '');
        setSelectedLabel(option?.label ?? '');
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t(query.isError ? messages.teachersFailed : messages.noTeacher)}
      error={error}
      onBlur={onBlur}
      withAsterisk
      clearable
    />
  );
}
