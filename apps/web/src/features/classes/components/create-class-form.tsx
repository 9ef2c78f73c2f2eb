import type { TeacherClass } from '@lyceum/contract';
import { CLASS_LIMITS } from '@lyceum/contract/constants';
import { Button, Checkbox, Group, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notifySuccess } from '@/lib/notify';
import { useCreateClass } from '../api/class-mutations';
import { classDetailsErrors, reportSaveError } from './class-form-errors';

export interface CourseOption {
  id: string;
  title: string;
  status: string;
}

export interface CreateClassFormProps {
  /** The teacher's own courses to choose from. */
  courses: CourseOption[];
  onCreated: (cls: TeacherClass) => void;
  onCancel: () => void;
}

/** "Start a class today": name, section, subject, dates, the courses it follows and co-teachers by e-mail. */
export function CreateClassForm({ courses, onCreated, onCancel }: CreateClassFormProps) {
  const [name, setName] = useState('');
  const [section, setSection] = useState('');
  const [subject, setSubject] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [coTeachers, setCoTeachers] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateClass();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = classDetailsErrors({ name, courseIds });
    setErrors(local);
    if (Object.keys(local).length) return;
    create.mutate(
      {
        name,
        section,
        subject,
        startsOn: startsOn || null,
        endsOn: endsOn || null,
        courseIds,
        coTeacherEmails: coTeachers,
      },
      {
        onSuccess: (cls) => {
          notifySuccess(`Class “${cls.name}” created`);
          onCreated(cls);
        },
        onError: (error) => reportSaveError(error, setErrors, 'The class could not be created'),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="New class">
      <Stack gap="md">
        <TextInput
          label="Class name"
          placeholder="Algebra I"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          maxLength={CLASS_LIMITS.name}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Section or period"
            placeholder="Period 3"
            value={section}
            onChange={(e) => setSection(e.currentTarget.value)}
            error={errors.section}
            maxLength={CLASS_LIMITS.section}
          />
          <TextInput
            label="Subject"
            placeholder="Mathematics"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errors.subject}
            maxLength={CLASS_LIMITS.subject}
          />
          <TextInput
            type="date"
            label="Starts on (optional)"
            value={startsOn}
            onChange={(e) => setStartsOn(e.currentTarget.value)}
            error={errors.startsOn}
          />
          <TextInput
            type="date"
            label="Ends on (optional)"
            value={endsOn}
            onChange={(e) => setEndsOn(e.currentTarget.value)}
            error={errors.endsOn}
          />
        </SimpleGrid>
        <Checkbox.Group
          label="Courses of the class"
          description="Students who join are enrolled in each of them."
          value={courseIds}
          onChange={setCourseIds}
          error={errors.courseIds}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {courses.length === 0 ? (
              <Text c="dimmed" size="sm">
                You have no courses yet: create one first under My Courses.
              </Text>
            ) : (
              courses.map((course) => (
                <Checkbox
                  key={course.id}
                  value={course.id}
                  label={course.status === 'draft' ? `${course.title} (draft)` : course.title}
                />
              ))
            )}
          </Stack>
        </Checkbox.Group>
        <TagsInput
          label="Co-teachers (optional)"
          description="E-mail addresses of teacher accounts; press Enter after each. They get the same rights."
          value={coTeachers}
          onChange={setCoTeachers}
          error={errors.coTeacherEmails}
          maxTags={CLASS_LIMITS.coTeachersPerClass}
          splitChars={[',', ' ']}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create class
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
