import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { GradebookGrid } from '@/components/gradebook-grid';
import { ListPagination } from '@/components/list-pagination';
import { LoadError } from '@/components/load-error';
import { useClassGradebook } from '../api/class-lists';

const PAGE_SIZE = 25;

/** The class's gradebook: one of its courses' gradebook (counting scores, totals), limited to the class's members. */
export function ClassGradebook({ classId, courses }: { classId: string; courses: { id: string; title: string }[] }) {
  const [courseId, setCourseId] = useState(courses[0]?.id ?? '');
  const [page, setPage] = useState(1);
  const book = useClassGradebook(classId, courseId, page, PAGE_SIZE);

  if (courses.length === 0) return <Text c="dimmed">Add a course to the class to see its gradebook.</Text>;
  return (
    <Stack gap="md">
      <Select
        label="Course"
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
        <LoadError title="The gradebook could not be loaded" onRetry={() => void book.refetch()} />
      ) : !book.data ? (
        <Text c="dimmed">Loading the gradebook…</Text>
      ) : book.data.total === 0 ? (
        <Text c="dimmed">No students of this class are enrolled in this course yet.</Text>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            {book.data.total} {book.data.total === 1 ? 'student' : 'students'} of this class ·{' '}
            {book.data.columns.length} {book.data.columns.length === 1 ? 'assessment' : 'assessments'} · the course’s
            own counting rules and weights
          </Text>
          <GradebookGrid data={book.data} />
          <ListPagination
            page={page}
            pageSize={PAGE_SIZE}
            total={book.data.total}
            onChange={setPage}
            label="Class gradebook pages"
          />
        </>
      )}
    </Stack>
  );
}
