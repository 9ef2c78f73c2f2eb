import { describe, expect, it } from 'vitest';
import { AREA_NAV, isAreaLinkActive } from './area-navigation';
import { paths, postLoginHref } from './paths';

describe('where login leads', () => {
  it('goes to the role area by default', () => {
    expect(postLoginHref('student', undefined)).toBe('/student');
    expect(postLoginHref('teacher', null)).toBe('/teacher');
  });

  it('returns to a remembered page the user may see', () => {
    expect(postLoginHref('student', '/student/wishlist')).toBe('/student/wishlist');
    expect(postLoginHref('admin', '/forum')).toBe('/forum');
  });

  it("never returns to another role's area or off-site", () => {
    expect(postLoginHref('student', '/admin/dashboard')).toBe('/student');
    expect(postLoginHref('student', '//evil.example')).toBe('/student');
    expect(postLoginHref('student', 'https://evil.example')).toBe('/student');
  });
});

describe('area sidebar active states', () => {
  const teacherLink = (label: string) => {
    const item = AREA_NAV.teacher.find((link) => link.label.defaultMessage === label);
    if (!item) throw new Error(`no teacher link ${label}`);
    return item;
  };

  it('marks the dashboard active on /teacher, /teacher/ and /teacher/dashboard', () => {
    const dashboard = teacherLink('Dashboard');
    expect(isAreaLinkActive(dashboard, '/teacher')).toBe(true);
    expect(isAreaLinkActive(dashboard, '/teacher/')).toBe(true);
    expect(isAreaLinkActive(dashboard, paths.teacher.dashboard.href())).toBe(true);
    expect(isAreaLinkActive(dashboard, paths.teacher.coursesList.href())).toBe(false);
  });

  it('marks My Courses active while adding a course', () => {
    expect(isAreaLinkActive(teacherLink('My Courses'), paths.teacher.addCourse.href())).toBe(true);
  });

  it('marks My Courses active while editing a course, and only there', () => {
    const myCourses = teacherLink('My Courses');
    expect(isAreaLinkActive(myCourses, paths.teacher.editCourse.href('3f2a'))).toBe(true);
    expect(isAreaLinkActive(teacherLink('Dashboard'), paths.teacher.editCourse.href('3f2a'))).toBe(false);
    expect(paths.teacher.coursesList.href('draft')).toBe('/teacher/coursesList?tab=draft');
  });
});

describe('what the area sidebars reach', () => {
  const hrefs = (role: 'student' | 'teacher') => AREA_NAV[role].map((item) => item.href);

  it("keeps the spec's links and adds Classes, My Quiz Attempts and Notifications (student)", () => {
    expect(hrefs('student')).toEqual(
      expect.arrayContaining([
        '/student/dashboard',
        '/student/enrolled-courses',
        '/student/accountDetails',
        '/student/wishlist',
        '/student/reviews',
        '/student/quizAttempt',
        '/student/questionAnswer',
        '/student/classes',
        '/notifications',
      ]),
    );
    expect(AREA_NAV.student.find((item) => item.href === '/student/quizAttempt')?.label.defaultMessage).toBe(
      'My Quiz Attempts',
    );
  });

  it("keeps the spec's links and adds Classes and Notifications (teacher)", () => {
    expect(hrefs('teacher')).toEqual(
      expect.arrayContaining([
        '/teacher/dashboard',
        '/teacher/coursesList',
        '/teacher/accountDetails',
        '/teacher/classes',
        '/teacher/questionAnswer',
        '/notifications',
      ]),
    );
    // A course's pages (question bank, grading, gradebook, progress, assessments) keep My Courses active.
    const myCourses = AREA_NAV.teacher.find((item) => item.label.defaultMessage === 'My Courses')!;
    expect(isAreaLinkActive(myCourses, paths.teacher.gradebook.href('3f2a'))).toBe(true);
  });

  it("gives admins a Grading entry; a course's gradebook and item analysis keep Courses active, not Grading", () => {
    const grading = AREA_NAV.admin.find((item) => item.label.defaultMessage === 'Grading')!;
    expect(grading.href).toBe('/admin/grading');
    const courses = AREA_NAV.admin.find((item) => item.label.defaultMessage === 'Courses')!;
    for (const href of [paths.admin.gradebook.href('3f2a'), paths.admin.itemAnalysis.href('3f2a', '9c1d')]) {
      expect(isAreaLinkActive(courses, href)).toBe(true);
      expect(isAreaLinkActive(grading, href)).toBe(false);
    }
    expect(paths.admin.grading.href('3f2a')).toBe('/admin/grading?courseId=3f2a');
  });

  it('gives teachers a Grading entry for the inbox of all their courses; a course’s own inbox keeps My Courses active', () => {
    const grading = AREA_NAV.teacher.find((item) => item.label.defaultMessage === 'Grading')!;
    expect(grading.href).toBe('/teacher/grading');
    expect(isAreaLinkActive(grading, '/teacher/grading')).toBe(true);
    const myCourses = AREA_NAV.teacher.find((item) => item.label.defaultMessage === 'My Courses')!;
    expect(isAreaLinkActive(myCourses, paths.teacher.grading.href('3f2a'))).toBe(true);
    expect(isAreaLinkActive(grading, paths.teacher.grading.href('3f2a'))).toBe(false);
    expect(paths.teacher.gradingInbox.href('3f2a')).toBe('/teacher/grading?courseId=3f2a');
  });
});
