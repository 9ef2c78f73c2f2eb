import { Button, Menu } from '@mantine/core';
import {
  IconChartBar,
  IconChecklist,
  IconChevronDown,
  IconListCheck,
  IconPencilCheck,
  IconRuler2,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DeleteCourseConfirm } from './delete-course-button';

export interface CourseManageMenuProps {
  courseId: string;
  title: string;
  enrolledCount: number;
}

/**
 * The less used of a course's teacher pages, behind one "Manage" button (Mantine Menu: arrow keys move, Enter opens,
 * Escape closes and returns focus to the button). Edit and Curriculum stay visible beside it.
 */
export function CourseManageMenu({ courseId, title, enrolledCount }: CourseManageMenuProps) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { teacher } = paths;
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <Button
            size="xs"
            px={8}
            variant="default"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={`Manage ${title}`}
          >
            Manage
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{title}</Menu.Label>
          <Menu.Item
            component={Link}
            to={teacher.questionBank.href(courseId)}
            leftSection={<IconListCheck size={16} aria-hidden />}
          >
            Question bank
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={teacher.assessments.href(courseId)}
            leftSection={<IconChecklist size={16} aria-hidden />}
          >
            Assessments
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={teacher.grading.href(courseId)}
            leftSection={<IconPencilCheck size={16} aria-hidden />}
          >
            Grade answers
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={teacher.gradebook.href(courseId)}
            leftSection={<IconTable size={16} aria-hidden />}
          >
            Gradebook
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={teacher.rubrics.href(courseId)}
            leftSection={<IconRuler2 size={16} aria-hidden />}
          >
            Rubrics
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={teacher.courseProgress.href(courseId)}
            leftSection={<IconChartBar size={16} aria-hidden />}
          >
            Student progress
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirmingDelete(true)}
          >
            Delete course…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <DeleteCourseConfirm
        opened={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        courseId={courseId}
        title={title}
        enrolledCount={enrolledCount}
      />
    </>
  );
}
