import type { TeacherClass } from '@lyceum/contract';
import { CLASS_LIMITS } from '@lyceum/contract/constants';
import { Button, Checkbox, Group, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from '@/i18n/intl';
import { notifySuccess } from '@/lib/notify';
import { useCreateClass } from '../api/class-mutations';
import { classesMessages as messages } from '../messages';
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
  const intl = useIntl();
  const t = intl.formatMessage;
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
    const local = classDetailsErrors(intl, { name, courseIds });
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
          notifySuccess(t(messages.classCreated, { name: cls.name }));
          onCreated(cls);
        },
        onError: (error) => reportSaveError(error, setErrors, t(messages.classCreateFailed)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t(messages.newClass)}>
      <Stack gap="md">
        <TextInput
          label={t(messages.className)}
          placeholder={t(messages.namePlaceholder)}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          maxLength={CLASS_LIMITS.name}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t(messages.sectionOrPeriod)}
            placeholder={t(messages.sectionPlaceholder)}
            value={section}
            onChange={(e) => setSection(e.currentTarget.value)}
            error={errors.section}
            maxLength={CLASS_LIMITS.section}
          />
          <TextInput
            label={t(messages.subject)}
            placeholder={t(messages.subjectPlaceholder)}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errors.subject}
            maxLength={CLASS_LIMITS.subject}
          />
          <TextInput
            type="date"
            label={t(messages.startsOnOptional)}
            value={startsOn}
            onChange={(e) => setStartsOn(e.currentTarget.value)}
            error={errors.startsOn}
          />
          <TextInput
            type="date"
            label={t(messages.endsOnOptional)}
            value={endsOn}
            onChange={(e) => setEndsOn(e.currentTarget.value)}
            error={errors.endsOn}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t(messages.coursesOfClass)}
          description={t(messages.coursesHintNew)}
          value={courseIds}
          onChange={setCourseIds}
          error={errors.courseIds}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {courses.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t(messages.noCoursesYet)}
              </Text>
            ) : (
              courses.map((course) => (
                <Checkbox
                  key={course.id}
                  value={course.id}
                  label={course.status === 'draft' ? t(messages.draftCourse, { title: course.title }) : course.title}
                />
              ))
            )}
          </Stack>
        </Checkbox.Group>
        <TagsInput
          label={t(messages.coTeachersOptional)}
          description={t(messages.coTeachersHint)}
          value={coTeachers}
          onChange={setCoTeachers}
          error={errors.coTeacherEmails}
          maxTags={CLASS_LIMITS.coTeachersPerClass}
          splitChars={[',', ' ']}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t(messages.cancel)}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t(messages.createClass)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
