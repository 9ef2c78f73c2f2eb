import type { CourseCategory, RegistrableRole, Role } from '@lyceum/contract';
import { homePathOf } from '@lyceum/contract/constants';

/**
 * Every route of the web app (spec §2), in one place: components link through these
 * instead of writing URL strings. `path` is the router pattern, `href()` builds a link.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  courses: {
    path: '/courses',
    href: (category?: CourseCategory) =>
      category ? `/courses?${new URLSearchParams({ category }).toString()}` : '/courses',
  },
  courseDetails: { path: '/course-details/:id', href: (id: string) => `/course-details/${encodeURIComponent(id)}` },
  /** The lesson player; without a lesson it opens where the student resumes. */
  learn: {
    path: '/learn/:courseId/:lessonId?',
    href: (courseId: string, lessonId?: string | null) =>
      `/learn/${encodeURIComponent(courseId)}${lessonId ? `/${encodeURIComponent(lessonId)}` : ''}`,
  },
  blog: {
    path: '/blog',
    /** The blog, optionally with its reading list filtered to one topic (a slug of `BLOG_TOPICS`). */
    href: (topic?: string) => (topic ? `/blog?${new URLSearchParams({ topic }).toString()}` : '/blog'),
  },
  blogArticle: { path: '/blog/:slug', href: (slug: string) => `/blog/${encodeURIComponent(slug)}` },
  about: {
    path: '/aboutUs',
    /** The footer's spelling of the same page (spec §2 footer). */
    aliasPath: '/about',
    href: () => '/aboutUs',
    footerHref: () => '/about',
  },
  faq: { path: '/faq', href: () => '/faq' },
  terms: { path: '/terms', href: () => '/terms' },
  docs: { path: '/docs', href: (section?: string) => (section ? `/docs#${section}` : '/docs') },
  forum: {
    path: '/forum',
    /** The question list, optionally filtered by a search text or a tag. */
    href: (filters?: { q?: string; tag?: string }) => {
      const query = new URLSearchParams();
      if (filters?.q) query.set('q', filters.q);
      if (filters?.tag) query.set('tag', filters.tag);
      const search = query.toString();
      return search ? `/forum?${search}` : '/forum';
    },
  },
  /** The public verification page of a certificate. */
  certificate: { path: '/certificates/:code', href: (code: string) => `/certificates/${encodeURIComponent(code)}` },
  forumDetails: { path: '/forum-details/:id', href: (id: string) => `/forum-details/${encodeURIComponent(id)}` },
  login: { path: '/login', href: () => '/login' },
  register: {
    path: '/register',
    href: (role?: RegistrableRole) => (role ? `/register?role=${role}` : '/register'),
  },
  forgetPassword: { path: '/forget-password', href: () => '/forget-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  undoEmailChange: { path: '/undo-email-change', href: () => '/undo-email-change' },
  /** Joining a class: the invite link carries the access code. */
  join: {
    path: '/join/:code?',
    href: (code?: string) => (code ? `/join/${encodeURIComponent(code)}` : '/join'),
  },
  /** Every signed-in user's notifications (issue 19). */
  notifications: { path: '/notifications', href: () => '/notifications' },
  /** Where a mail's unsubscribe link lands (works signed out). */
  unsubscribe: { path: '/unsubscribe', href: () => '/unsubscribe' },
  /** Where a guardian invitation's mail lands (issue 52): register as a guardian, or accept when signed in. */
  guardianInvitation: {
    path: '/guardian-invitation',
    href: (token?: string) =>
      token ? `/guardian-invitation?${new URLSearchParams({ token }).toString()}` : '/guardian-invitation',
  },

  student: {
    root: { path: '/student', href: () => '/student' },
    dashboard: { path: 'dashboard', href: () => '/student/dashboard' },
    enrolledCourses: { path: 'enrolled-courses', href: () => '/student/enrolled-courses' },
    accountDetails: { path: 'accountDetails', href: () => '/student/accountDetails' },
    wishlist: { path: 'wishlist', href: () => '/student/wishlist' },
    reviews: { path: 'reviews', href: () => '/student/reviews' },
    quizAttempt: {
      path: 'quizAttempt',
      href: (page?: number) => (page && page > 1 ? `/student/quizAttempt?page=${page}` : '/student/quizAttempt'),
    },
    /** An assessment's start page (rules, attempts left, Start or Resume). */
    assessment: {
      path: 'courses/:courseId/assessments/:itemId',
      href: (courseId: string, itemId: string) =>
        `/student/courses/${encodeURIComponent(courseId)}/assessments/${encodeURIComponent(itemId)}`,
    },
    /** An attempt: taking it while in progress, its receipt once submitted. */
    attempt: {
      path: 'attempts/:attemptId',
      href: (attemptId: string) => `/student/attempts/${encodeURIComponent(attemptId)}`,
    },
    /** The printable review of a submitted attempt: answers, correct answers, points, feedback, rubric levels. */
    attemptReview: {
      path: 'attempts/:attemptId/review',
      href: (attemptId: string) => `/student/attempts/${encodeURIComponent(attemptId)}/review`,
    },
    /** "My grades" in one course: the learner's own gradebook row. */
    courseGrades: {
      path: 'courses/:courseId/grades',
      href: (courseId: string) => `/student/courses/${encodeURIComponent(courseId)}/grades`,
    },
    /** The mistake notebook's practice: due questions re-asked, never graded. */
    practice: { path: 'practice', href: () => '/student/practice' },
    questionAnswer: { path: 'questionAnswer', href: () => '/student/questionAnswer' },
    classes: { path: 'classes', href: () => '/student/classes' },
    classDetails: { path: 'classes/:id', href: (id: string) => `/student/classes/${encodeURIComponent(id)}` },
    /** Due dates by month, week or agenda (issue 49.2); `?view=week&day=2030-01-15` opens a given one. */
    calendar: { path: 'calendar', href: () => '/student/calendar' },
  },
  teacher: {
    root: { path: '/teacher', href: () => '/teacher' },
    dashboard: { path: 'dashboard', href: () => '/teacher/dashboard' },
    coursesList: {
      path: 'coursesList',
      /** My Courses, on the Publish tab unless the Draft tab is asked for. */
      href: (tab?: 'draft') => (tab ? `/teacher/coursesList?tab=${tab}` : '/teacher/coursesList'),
    },
    addCourse: { path: 'add-course', href: () => '/teacher/add-course' },
    editCourse: { path: 'edit-course/:id', href: (id: string) => `/teacher/edit-course/${encodeURIComponent(id)}` },
    questionBank: {
      path: 'courses/:id/questions',
      href: (id: string) => `/teacher/courses/${encodeURIComponent(id)}/questions`,
    },
    /** The grading inbox across all the teacher's courses, narrowed to one with `?courseId=`. */
    gradingInbox: {
      path: 'grading',
      href: (courseId?: string) =>
        courseId ? `/teacher/grading?courseId=${encodeURIComponent(courseId)}` : '/teacher/grading',
    },
    grading: {
      path: 'courses/:id/grading',
      href: (id: string) => `/teacher/courses/${encodeURIComponent(id)}/grading`,
    },
    gradebook: {
      path: 'courses/:id/gradebook',
      href: (id: string) => `/teacher/courses/${encodeURIComponent(id)}/gradebook`,
    },
    /** A course's rubrics: create, duplicate, copy from another course, delete (issue 54.5). */
    rubrics: {
      path: 'courses/:id/rubrics',
      href: (id: string) => `/teacher/courses/${encodeURIComponent(id)}/rubrics`,
    },
    /** One rubric's criteria × levels editor and what it is attached to; `new` creates one. */
    rubricEditor: {
      path: 'courses/:id/rubrics/:rubricId',
      href: (id: string, rubricId: string | 'new') =>
        `/teacher/courses/${encodeURIComponent(id)}/rubrics/${encodeURIComponent(rubricId)}`,
    },
    /** Item analysis of one assessment: facility, discrimination, choice picks, flags. */
    itemAnalysis: {
      path: 'courses/:id/assessments/:itemId/analysis',
      href: (id: string, itemId: string) =>
        `/teacher/courses/${encodeURIComponent(id)}/assessments/${encodeURIComponent(itemId)}/analysis`,
    },
    curriculum: {
      path: 'courses/:id/curriculum',
      href: (id: string) => `/teacher/courses/${encodeURIComponent(id)}/curriculum`,
    },
    lessonEditor: {
      path: 'courses/:id/curriculum/:lessonId',
      href: (id: string, lessonId: string) =>
        `/teacher/courses/${encodeURIComponent(id)}/curriculum/${encodeURIComponent(lessonId)}`,
    },
    /** The students × items progress grid of one of the teacher's courses. */
    courseProgress: {
      path: 'courses/:id/progress',
      href: (id: string) => `/teacher/courses/${encodeURIComponent(id)}/progress`,
    },
    /** A course's assessments by section: create one, open one to edit. */
    assessments: {
      path: 'courses/:id/assessments',
      href: (id: string) => `/teacher/courses/${encodeURIComponent(id)}/assessments`,
    },
    /** An assessment's settings, questions and publishing. */
    editAssessment: {
      path: 'courses/:id/assessments/:itemId',
      href: (id: string, itemId: string) =>
        `/teacher/courses/${encodeURIComponent(id)}/assessments/${encodeURIComponent(itemId)}`,
    },
    /** One student's attempt: answers, scores, feedback, timing log, grading in place (from the Attempts tab). */
    attemptView: {
      path: 'courses/:id/assessments/:itemId/attempts/:attemptId',
      href: (id: string, itemId: string, attemptId: string) =>
        `/teacher/courses/${encodeURIComponent(id)}/assessments/${encodeURIComponent(itemId)}/attempts/${encodeURIComponent(attemptId)}`,
    },
    accountDetails: { path: 'accountDetails', href: () => '/teacher/accountDetails' },
    questionAnswer: { path: 'questionAnswer', href: () => '/teacher/questionAnswer' },
    /** The teacher's classes; `new` opens the form that creates one ("Start a class today"). */
    classes: { path: 'classes', href: (create?: 'new') => (create ? '/teacher/classes?new=1' : '/teacher/classes') },
    classDetails: { path: 'classes/:id', href: (id: string) => `/teacher/classes/${encodeURIComponent(id)}` },
    calendar: { path: 'calendar', href: () => '/teacher/calendar' },
  },
  /** The guardian area (issue 52, ADR 060): their children's work, read-only. */
  guardian: {
    root: { path: '/guardian', href: () => '/guardian' },
    /** My children: one card per linked child with their overview. */
    dashboard: { path: 'dashboard', href: () => '/guardian/dashboard' },
    child: {
      path: 'children/:studentId',
      href: (studentId: string) => `/guardian/children/${encodeURIComponent(studentId)}`,
    },
    accountDetails: { path: 'accountDetails', href: () => '/guardian/accountDetails' },
  },
  admin: {
    root: { path: '/admin', href: () => '/admin' },
    dashboard: { path: 'dashboard', href: () => '/admin/dashboard' },
    accountDetails: { path: 'accountDetails', href: () => '/admin/accountDetails' },
    coursesList: { path: 'coursesList', href: () => '/admin/coursesList' },
    addCourse: { path: 'add-course', href: () => '/admin/add-course' },
    editCourse: { path: 'edit-course/:id', href: (id: string) => `/admin/edit-course/${encodeURIComponent(id)}` },
    curriculum: {
      path: 'courses/:id/curriculum',
      href: (id: string) => `/admin/courses/${encodeURIComponent(id)}/curriculum`,
    },
    lessonEditor: {
      path: 'courses/:id/curriculum/:lessonId',
      href: (id: string, lessonId: string) =>
        `/admin/courses/${encodeURIComponent(id)}/curriculum/${encodeURIComponent(lessonId)}`,
    },
    studentList: { path: 'student-list', href: () => '/admin/student-list' },
    teacherList: { path: 'teacher-list', href: () => '/admin/teacher-list' },
    /** Roster import (issue 48.4): a OneRoster zip or a plain CSV, previewed, then applied. */
    rosters: { path: 'rosters', href: () => '/admin/rosters' },
    identityProviders: { path: 'identity-providers', href: () => '/admin/identity-providers' },
    /** The grading inbox across every course, with a course filter (`?courseId=`). */
    grading: {
      path: 'grading',
      href: (courseId?: string) =>
        courseId ? `/admin/grading?courseId=${encodeURIComponent(courseId)}` : '/admin/grading',
    },
    gradebook: {
      path: 'courses/:id/gradebook',
      href: (id: string) => `/admin/courses/${encodeURIComponent(id)}/gradebook`,
    },
    itemAnalysis: {
      path: 'courses/:id/assessments/:itemId/analysis',
      href: (id: string, itemId: string) =>
        `/admin/courses/${encodeURIComponent(id)}/assessments/${encodeURIComponent(itemId)}/analysis`,
    },
  },
} as const;

/** The roles with an area of their own in the web app: every role (the guardian's since issue 52). */
export const AREA_ROLES = ['student', 'teacher', 'admin', 'guardian'] as const satisfies readonly Role[];
export type AreaRole = (typeof AREA_ROLES)[number];

export function isAreaRole(role: Role): role is AreaRole {
  return (AREA_ROLES as readonly Role[]).includes(role);
}

/** The landing route of a role's area, `/{role}` (spec §6). */
export function areaHref(role: Role): string {
  return homePathOf(role);
}

/** Where the login screen sends a user: back to a remembered page when it is theirs to see, else their area. */
export function postLoginHref(role: Role, from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return areaHref(role);
  const area = from.match(/^\/(student|teacher|admin|guardian)(?:\/|$)/)?.[1];
  if (area && area !== role) return areaHref(role);
  if (from === paths.login.path || from === paths.register.path) return areaHref(role);
  return from;
}
