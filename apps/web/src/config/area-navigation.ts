import type { Role } from '@lyceum/contract';
import {
  IconBell,
  IconBook2,
  IconChalkboard,
  IconClipboardCheck,
  IconHeart,
  IconLayoutDashboard,
  IconMessageQuestion,
  IconPencilCheck,
  IconSchool,
  IconSquarePlus,
  IconStar,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { NavItem } from './navigation';
import { paths } from './paths';

// The role areas' sidebars live apart from the public navigation: their icons load with the areas, not with every
// public page (ADR 013).

export interface AreaNavItem extends NavItem {
  icon: Icon;
  /** Pathnames (without trailing slash) on which this link shows as active. */
  activeOn: readonly string[];
  /** Path prefixes under which it is active too (pages with an id, like editing a course). */
  activeUnder?: readonly string[];
}

const { student, teacher, admin } = paths;

/** Every signed-in user's notifications live outside the areas (/notifications); the sidebar links there too. */
const NOTIFICATIONS_ITEM: AreaNavItem = {
  label: 'Notifications',
  href: paths.notifications.href(),
  icon: IconBell,
  activeOn: [paths.notifications.href()],
};

/** The sidebar of each role area (spec §2), in order; Logout is added by the layout. */
export const AREA_NAV: Record<Role, readonly AreaNavItem[]> = {
  student: [
    {
      label: 'Dashboard',
      href: student.dashboard.href(),
      icon: IconLayoutDashboard,
      activeOn: [student.root.href(), student.dashboard.href()],
    },
    {
      label: 'My Classes',
      href: student.classes.href(),
      icon: IconChalkboard,
      activeOn: [student.classes.href()],
      activeUnder: ['/student/classes/'],
    },
    {
      label: 'Enrolled Courses',
      href: student.enrolledCourses.href(),
      icon: IconSchool,
      activeOn: [student.enrolledCourses.href()],
    },
    {
      label: 'My Account',
      href: student.accountDetails.href(),
      icon: IconUserCircle,
      activeOn: [student.accountDetails.href()],
    },
    { label: 'Wishlist', href: student.wishlist.href(), icon: IconHeart, activeOn: [student.wishlist.href()] },
    { label: 'Reviews', href: student.reviews.href(), icon: IconStar, activeOn: [student.reviews.href()] },
    {
      label: 'My Quiz Attempts',
      href: student.quizAttempt.href(),
      icon: IconClipboardCheck,
      activeOn: [student.quizAttempt.href()],
    },
    {
      label: 'Questions & Answer',
      href: student.questionAnswer.href(),
      icon: IconMessageQuestion,
      activeOn: [student.questionAnswer.href()],
    },
    NOTIFICATIONS_ITEM,
  ],
  teacher: [
    {
      label: 'Dashboard',
      href: teacher.dashboard.href(),
      icon: IconLayoutDashboard,
      activeOn: [teacher.root.href(), teacher.dashboard.href()],
    },
    {
      label: 'My Courses',
      href: teacher.coursesList.href(),
      icon: IconBook2,
      activeOn: [teacher.coursesList.href(), teacher.addCourse.href()],
      activeUnder: [teacher.editCourse.href(''), '/teacher/courses/'],
    },
    {
      label: 'Classes',
      href: teacher.classes.href(),
      icon: IconChalkboard,
      activeOn: [teacher.classes.href()],
      activeUnder: ['/teacher/classes/'],
    },
    {
      label: 'Grading',
      href: teacher.gradingInbox.href(),
      icon: IconPencilCheck,
      activeOn: [teacher.gradingInbox.href()],
    },
    {
      label: 'My Account',
      href: teacher.accountDetails.href(),
      icon: IconUserCircle,
      activeOn: [teacher.accountDetails.href()],
    },
    {
      label: 'Questions & Answer',
      href: teacher.questionAnswer.href(),
      icon: IconMessageQuestion,
      activeOn: [teacher.questionAnswer.href()],
    },
    NOTIFICATIONS_ITEM,
  ],
  admin: [
    {
      label: 'Dashboard',
      href: admin.dashboard.href(),
      icon: IconLayoutDashboard,
      activeOn: [admin.root.href(), admin.dashboard.href()],
    },
    {
      label: 'My Account',
      href: admin.accountDetails.href(),
      icon: IconUserCircle,
      activeOn: [admin.accountDetails.href()],
    },
    {
      label: 'Courses',
      href: admin.coursesList.href(),
      icon: IconBook2,
      activeOn: [admin.coursesList.href()],
      // A course's curriculum, gradebook and item analysis are reached from the course list.
      activeUnder: [admin.editCourse.href(''), '/admin/courses/'],
    },
    { label: 'Add Course', href: admin.addCourse.href(), icon: IconSquarePlus, activeOn: [admin.addCourse.href()] },
    {
      label: 'Grading',
      href: admin.grading.href(),
      icon: IconPencilCheck,
      activeOn: [admin.grading.href()],
    },
    {
      label: 'Student List',
      href: admin.studentList.href(),
      icon: IconUsers,
      activeOn: [admin.studentList.href()],
    },
    {
      label: 'Teacher List',
      href: admin.teacherList.href(),
      icon: IconUsersGroup,
      activeOn: [admin.teacherList.href()],
    },
    NOTIFICATIONS_ITEM,
  ],
};

/** `/teacher/` and `/teacher` are the same page for active states. */
export function isAreaLinkActive(item: AreaNavItem, pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return item.activeOn.includes(normalized) || (item.activeUnder ?? []).some((prefix) => pathname.startsWith(prefix));
}
