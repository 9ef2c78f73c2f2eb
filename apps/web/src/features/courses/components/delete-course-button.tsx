import { MESSAGES } from '@lyceum/contract/constants';
import { Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { RowAction } from '@/components/row-actions';
import { formatCount } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteCourse } from '../api/delete-course';

export interface DeleteCourseButtonProps {
  courseId: string;
  title: string;
  /** Students enrolled in the course: the confirmation names how many lose it. */
  enrolledCount: number;
  onDeleted?: () => void;
}

export interface DeleteCourseConfirmProps {
  opened: boolean;
  onClose: () => void;
  courseId: string;
  title: string;
  /** Students enrolled in the course: the confirmation names how many lose it. */
  enrolledCount: number;
  onDeleted?: () => void;
}

/** The confirmation that names the course and what goes with it; deletes on "Yes". */
export function DeleteCourseConfirm({
  opened,
  onClose,
  courseId,
  title,
  enrolledCount,
  onDeleted,
}: DeleteCourseConfirmProps) {
  const deleteCourse = useDeleteCourse();

  const confirm = () =>
    // The dialog named the enrolled students, so the delete is confirmed for them (else the server answers 409).
    deleteCourse.mutate(courseId, {
      onSuccess: () => {
        notifySuccess(MESSAGES.courseDeleted);
        onClose();
        onDeleted?.();
      },
      onError: () => notifyError(MESSAGES.courseDeleteFailed),
    });

  return (
    <ConfirmModal
      opened={opened}
      title="Delete this course?"
      confirmLabel="Yes, delete this course"
      danger
      loading={deleteCourse.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {enrolledCount > 0 ? (
        <Text span fw={700} display="block" mb="xs">
          {formatCount(enrolledCount)} {enrolledCount === 1 ? 'student is' : 'students are'} enrolled in this course and
          will lose it.
        </Text>
      ) : null}
      “{title}” will be removed for good, together with its wishlist entries, enrolments and reviews.
    </ConfirmModal>
  );
}

/** Delete, after a confirmation that names the course and what goes with it. */
export function DeleteCourseButton({ courseId, title, enrolledCount, onDeleted }: DeleteCourseButtonProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <RowAction
        label="Delete"
        aria-label={`Delete ${title}`}
        icon={IconTrash}
        danger
        onClick={() => setConfirming(true)}
      />
      <DeleteCourseConfirm
        opened={confirming}
        onClose={() => setConfirming(false)}
        courseId={courseId}
        title={title}
        enrolledCount={enrolledCount}
        onDeleted={onDeleted}
      />
    </>
  );
}
