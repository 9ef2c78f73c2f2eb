import type { Role } from '@lyceum/contract';
import {
  IconBell,
  IconBook2,
  IconCalendarMonth,
  IconChalkboard,
  IconClipboardCheck,
  IconFileImport,
  IconHeart,
  IconKey,
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
import type { MessageDescriptor } from '@/i18n/intl';
import { areaNavMessages } from './messages';
import { paths } from './paths';

// The role areas' sidebars live apart from the public navigation: their icons load with the areas, not with every
// public page (ADR 013).

export interface AreaNavItem {
  /** Shown in the page's language (docs/i18n.md). */
  label: MessageDescriptor;
  href: string;
  icon: Icon;
  /** Pathnames (without trailing slash) on which this link shows as active. */
  activeOn: readonly string[];
  /** Path prefixes under which it is active too (pages with an id, like editing a course). */
  activeUnder?: readonly string[];
}

const { student, teacher, admin, guardian } = paths;

/** Every signed-in user's notifications live outside the areas (/notifications); the sidebar links there too. */
const NOTIFICATIONS_ITEM: AreaNavItem = {
  label: areaNavMessages.notifications,
  href: paths.notifications.href(),
  icon: IconBell,
  activeOn: [paths.notifications.href()],
};

/** The sidebar of each role area (spec §2), in order; Logout is added by the layout. */
export const AREA_NAV: Record<Role, readonly AreaNavItem[]> = {
  student: [
    {
      label: areaNavMessages.dashboard,
      href: student.dashboard.href(),
      icon: IconLayoutDashboard,
      activeOn: [student.root.href(), student.dashboard.href()],
    },
    {
      label: areaNavMessages.myClasses,
      href: student.classes.href(),
      icon: IconChalkboard,
      activeOn: [student.classes.href()],
      activeUnder: ['/student/classes/'],
    },
    {
      label: areaNavMessages.calendar,
      href: student.calendar.href(),
      icon: IconCalendarMonth,
      activeOn: [student.calendar.href()],
    },
    {
      label: areaNavMessages.enrolledCourses,
      href: student.enrolledCourses.href(),
      icon: IconSchool,
      activeOn: [student.enrolledCourses.href()],
    },
    {
      label: areaNavMessages.myAccount,
      href: student.accountDetails.href(),
      icon: IconUserCircle,
      activeOn: [student.accountDetails.href()],
    },
    {
      label: areaNavMessages.wishlist,
      href: student.wishlist.href(),
      icon: IconHeart,
      activeOn: [student.wishlist.href()],
    },
    {
      label: areaNavMessages.reviews,
      href: student.reviews.href(),
      icon: IconStar,
      activeOn: [student.reviews.href()],
    },
    {
      label: areaNavMessages.myQuizAttempts,
      href: student.quizAttempt.href(),
      icon: IconClipboardCheck,
      activeOn: [student.quizAttempt.href()],
    },
    {
      label: areaNavMessages.questionsAnswers,
      href: student.questionAnswer.href(),
      icon: IconMessageQuestion,
      activeOn: [student.questionAnswer.href()],
    },
    NOTIFICATIONS_ITEM,
  ],
  teacher: [
    {
      label: areaNavMessages.dashboard,
      href: teacher.dashboard.href(),
      icon: IconLayoutDashboard,
      activeOn: [teacher.root.href(), teacher.dashboard.href()],
    },
    {
      label: areaNavMessages.myCourses,
      href: teacher.coursesList.href(),
      icon: IconBook2,
      activeOn: [teacher.coursesList.href(), teacher.addCourse.href()],
      activeUnder: [teacher.editCourse.href(''), '/teacher/courses/'],
    },
    {
      label: areaNavMessages.classes,
      href: teacher.classes.href(),
      icon: IconChalkboard,
      activeOn: [teacher.classes.href()],
      activeUnder: ['/teacher/classes/'],
    },
    {
      label: areaNavMessages.calendar,
      href: teacher.calendar.href(),
      icon: IconCalendarMonth,
      activeOn: [teacher.calendar.href()],
    },
    {
      label: areaNavMessages.grading,
      href: teacher.gradingInbox.href(),
      icon: IconPencilCheck,
      activeOn: [teacher.gradingInbox.href()],
    },
    {
      label: areaNavMessages.myAccount,
      href: teacher.accountDetails.href(),
      icon: IconUserCircle,
      activeOn: [teacher.accountDetails.href()],
    },
    {
      label: areaNavMessages.questionsAnswers,
      href: teacher.questionAnswer.href(),
      icon: IconMessageQuestion,
      activeOn: [teacher.questionAnswer.href()],
    },
    NOTIFICATIONS_ITEM,
  ],
  admin: [
    {
      label: areaNavMessages.dashboard,
      href: admin.dashboard.href(),
      icon: IconLayoutDashboard,
      activeOn: [admin.root.href(), admin.dashboard.href()],
    },
    {
      label: areaNavMessages.myAccount,
      href: admin.accountDetails.href(),
      icon: IconUserCircle,
      activeOn: [admin.accountDetails.href()],
    },
    {
      label: areaNavMessages.areaCourses,
      href: admin.coursesList.href(),
      icon: IconBook2,
      activeOn: [admin.coursesList.href()],
      // A course's curriculum, gradebook and item analysis are reached from the course list.
      activeUnder: [admin.editCourse.href(''), '/admin/courses/'],
    },
    {
      label: areaNavMessages.addCourse,
      href: admin.addCourse.href(),
      icon: IconSquarePlus,
      activeOn: [admin.addCourse.href()],
    },
    {
      label: areaNavMessages.grading,
      href: admin.grading.href(),
      icon: IconPencilCheck,
      activeOn: [admin.grading.href()],
    },
    {
      label: areaNavMessages.studentList,
      href: admin.studentList.href(),
      icon: IconUsers,
      activeOn: [admin.studentList.href()],
    },
    {
      label: areaNavMessages.teacherList,
      href: admin.teacherList.href(),
      icon: IconUsersGroup,
      activeOn: [admin.teacherList.href()],
    },
    {
      label: areaNavMessages.rosters,
      href: admin.rosters.href(),
      icon: IconFileImport,
      activeOn: [admin.rosters.href()],
    },
    {
      label: areaNavMessages.identityProviders,
      href: admin.identityProviders.href(),
      icon: IconKey,
      activeOn: [admin.identityProviders.href()],
    },
    NOTIFICATIONS_ITEM,
  ],
  // A guardian (issue 52): their children's work, read-only.
  guardian: [
    {
      label: areaNavMessages.myChildren,
      href: guardian.dashboard.href(),
      icon: IconUsersGroup,
      activeOn: [guardian.root.href(), guardian.dashboard.href()],
      activeUnder: ['/guardian/children/'],
    },
    {
      label: areaNavMessages.myAccount,
      href: guardian.accountDetails.href(),
      icon: IconUserCircle,
      activeOn: [guardian.accountDetails.href()],
    },
    NOTIFICATIONS_ITEM,
  ],
};

/** `/teacher/` and `/teacher` are the same page for active states. */
export function isAreaLinkActive(item: AreaNavItem, pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return item.activeOn.includes(normalized) || (item.activeUnder ?? []).some((prefix) => pathname.startsWith(prefix));
}
