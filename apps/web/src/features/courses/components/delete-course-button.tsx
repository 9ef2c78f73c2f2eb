import { MESSAGES } from '@lyceum/contract/constants';
import { Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { RowAction } from '@/components/row-actions';
import { useIntl } from '@/i18n/intl';
import { notifyError, notifySuccess } from '@/lib/notify';
import { courseAdminMessages as messages } from '../admin/messages';
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
  const intl = useIntl();
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
      title={intl.formatMessage(messages.deleteTitle)}
      confirmLabel={intl.formatMessage(messages.confirmDelete)}
      cancelLabel={intl.formatMessage(messages.cancel)}
      danger
      loading={deleteCourse.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {enrolledCount > 0 ? (
        <Text span fw={700} display="block" mb="xs">
          {intl.formatMessage(messages.deleteEnrolled, { count: enrolledCount })}
        </Text>
      ) : null}
      {intl.formatMessage(messages.deleteBody, { title })}
    </ConfirmModal>
  );
}

/** Delete, after a confirmation that names the course and what goes with it. */
export function DeleteCourseButton({ courseId, title, enrolledCount, onDeleted }: DeleteCourseButtonProps) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <RowAction
        label={intl.formatMessage(messages.delete)}
        aria-label={intl.formatMessage(messages.deleteFor, { title })}
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
