import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { GradebookGrid } from '@/components/gradebook-grid';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useClassGradebook } from '../api/class-lists';
import { classesMessages as messages } from '../messages';

const PAGE_SIZE = 25;

/** The class's gradebook: one of its courses' gradebook (counting scores, totals), limited to the class's members. */
export function ClassGradebook({ classId, courses }: { classId: string; courses: { id: string; title: string }[] }) {
  const t = useIntl().formatMessage;
  const [courseId, setCourseId] = useState(courses[0]?.id ?? '');
  const [page, setPage] = useState(1);
  const book = useClassGradebook(classId, courseId, page, PAGE_SIZE);

  if (courses.length === 0) return <Text c="dimmed">{t(messages.addCourseFirst)}</Text>;
  return (
    <Stack gap="md">
      <Select
        label={t(messages.course)}
        data={courses.map((c) => ({ value: c.id, label: c.title }))}
        value={courseId}
        onChange={(value) => {
          if (!value) return;
          setCourseId(value);
          setPage(1);
        }}
        allowDeselect={false}
        maw={360}
      />
      {book.isError ? (
        <LoadError title={t(messages.gradebookLoadFailed)} onRetry={() => void book.refetch()} />
      ) : !book.data ? (
        <Text c="dimmed">{t(messages.loadingGradebook)}</Text>
      ) : book.data.total === 0 ? (
        <Text c="dimmed">{t(messages.noStudentsEnrolled)}</Text>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            {t(messages.gradebookSummary, { students: book.data.total, assessments: book.data.columns.length })}
          </Text>
          <GradebookGrid data={book.data} />
          <ListPagination
            page={page}
            pageSize={PAGE_SIZE}
            total={book.data.total}
            onChange={setPage}
            label={t(messages.gradebookPages)}
          />
        </>
      )}
    </Stack>
  );
}
