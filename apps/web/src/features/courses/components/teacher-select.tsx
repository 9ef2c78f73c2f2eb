import type { PublicUser } from '@lyceum/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTeachers } from '../api/get-teachers';

export interface TeacherSelectProps {
  value: string;
  onChange: (teacherId: string) => void;
  error?: string | null;
  /** The course's current teacher, offered even when not among the first results. */
  current?: PublicUser | null;
  onBlur?: () => void;
}

const teacherLabel = (teacher: PublicUser) => `${teacher.firstname} ${teacher.lastname} (${teacher.username})`;

/** Admins write a course on behalf of a teacher: pick one, searching by name, username or e-mail on the server. */
export function TeacherSelect({ value, onChange, error, current, onBlur }: TeacherSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [selectedLabel, setSelectedLabel] = useState(current ? teacherLabel(current) : '');
  // The search box shows the chosen teacher's name: that is not a search.
  const query = useTeachers(debounced === selectedLabel ? '' : debounced.trim());

  const data = useMemo(() => {
    const teachers = [...(query.data?.items ?? [])];
    if (current && !teachers.some((teacher) => teacher.id === current.id)) teachers.unshift(current);
    return teachers.map((teacher) => ({ value: teacher.id, label: teacherLabel(teacher) }));
  }, [query.data, current]);

  return (
    <Select
      label="Teacher"
      description="The course is written on behalf of this teacher and appears under their name."
      placeholder={query.isPending ? 'Loading teachers…' : 'Search and choose a teacher'}
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
      nothingFoundMessage={query.isError ? 'The teachers could not be loaded' : 'No teacher found'}
      error={error}
      onBlur={onBlur}
      withAsterisk
      clearable
    />
  );
}
