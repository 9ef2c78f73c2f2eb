import type { EnrolmentStatus } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEnrolInCourse } from '../api/enrol-in-course';
import { useIntl } from '@/i18n/intl';
import { coursesMessages as m } from '../messages';

export interface EnrolButtonProps {
  courseId: string;
  enrolmentStatus: EnrolmentStatus | null;
  onEnrolled?: () => void;
}

/** Enroll now, or the enrolled state once the student is in (spec §4: the flag turns true on success). */
export function EnrolButton({ courseId, enrolmentStatus, onEnrolled }: EnrolButtonProps) {
  const enrol = useEnrolInCourse();
  const intl = useIntl();
  // The button disappears when the enrolment succeeds: focus moves to the status that replaces it (the user's next
  // step starts there) instead of falling to the page body.
  const statusRef = useRef<HTMLDivElement>(null);
  const focusStatus = useRef(false);
  useEffect(() => {
    if (enrolmentStatus && focusStatus.current) {
      focusStatus.current = false;
      statusRef.current?.focus();
    }
  }, [enrolmentStatus]);

  if (enrolmentStatus) {
    return (
      <Group gap="xs" wrap="nowrap" role="status" ref={statusRef} tabIndex={-1}>
        <ThemeIcon color="teal" variant="light" radius="xl" size={32}>
          <IconCircleCheck size={20} aria-hidden />
        </ThemeIcon>
        <div>
          <Text fw={700}>{intl.formatMessage(m.enrolled)}</Text>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(enrolmentStatus === 'completed' ? m.completedCourse : m.activeCourse)}
          </Text>
        </div>
      </Group>
    );
  }

  return (
    <Button
      size="md"
      fullWidth
      loading={enrol.isPending}
      onClick={() => {
        focusStatus.current = true;
        enrol.mutate(courseId, {
          onSuccess: () => {
            notifySuccess(MESSAGES.enrolled);
            onEnrolled?.();
          },
          onError: () => {
            focusStatus.current = false;
            notifyError(MESSAGES.enrolFailed);
          },
        });
      }}
    >
      {intl.formatMessage(m.enrolNow)}
    </Button>
  );
}
