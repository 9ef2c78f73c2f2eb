import { defineMessages } from '@/i18n/define-messages';

/**
 * The catalogue (/courses) and a course's details page (issue 47, docs/i18n.md). Category names and the contract's
 * toasts (MESSAGES) are still English; course titles, names and tags are content, shown as written.
 */
export const coursesMessages = defineMessages({
  pageTitle: {
    id: 'courses.pageTitle',
    defaultMessage: '{category, select, none {Courses} other {{category} courses}}',
    description: 'The catalogue’s heading; {category} is the category filter’s name, or none.',
  },
  pageLead: {
    id: 'courses.pageLead',
    defaultMessage: "Published courses from Lyceum's teachers. Search by title, topic or tag, or browse a category.",
  },
  sort: {
    id: 'courses.sort',
    defaultMessage: '{sort, select, relevance {Best match} newest {Newest} rating {Top rated} other {Most enrolled}}',
  },
  allCategories: { id: 'courses.allCategories', defaultMessage: 'All categories' },
  findCourse: { id: 'courses.findCourse', defaultMessage: 'Find a course', description: 'The search form’s name.' },
  searchLabel: { id: 'courses.searchLabel', defaultMessage: 'Search courses' },
  searchPlaceholder: { id: 'courses.searchPlaceholder', defaultMessage: 'Title, topic or tag' },
  clearSearch: { id: 'courses.clearSearch', defaultMessage: 'Clear the search' },
  category: { id: 'courses.category', defaultMessage: 'Category' },
  sortBy: { id: 'courses.sortBy', defaultMessage: 'Sort by' },
  noneFound: { id: 'courses.noneFound', defaultMessage: 'No courses found' },
  total: {
    id: 'courses.total',
    defaultMessage: '{total}{more, select, yes {+} other {}} {count, plural, one {course} other {courses}}',
    description: '{total} is the formatted number; {more} is yes when it is a lower bound.',
  },
  showing: {
    id: 'courses.showing',
    defaultMessage:
      'Showing {first}–{last} of {total}{more, select, yes {+} other {}} {count, plural, one {course} other {courses}}',
  },
  loadFailed: { id: 'courses.loadFailed', defaultMessage: 'The courses could not be loaded' },
  noMatch: { id: 'courses.noMatch', defaultMessage: 'No course matches your search' },
  nonePublished: { id: 'courses.nonePublished', defaultMessage: 'No courses have been published yet' },
  noMatchHint: {
    id: 'courses.noMatchHint',
    defaultMessage: 'Try other words, another category, or clear the filters.',
  },
  clearFilters: { id: 'courses.clearFilters', defaultMessage: 'Clear filters' },
  coursePages: { id: 'courses.coursePages', defaultMessage: 'Course pages', description: 'The pagination’s name.' },
  // Course details (spec §2).
  aboutCourse: { id: 'courses.aboutCourse', defaultMessage: 'About Course' },
  noDescription: { id: 'courses.noDescription', defaultMessage: 'The teacher has not written a description yet.' },
  learnItems: { id: 'courses.learnItems', defaultMessage: 'What will you learn' },
  materialItems: { id: 'courses.materialItems', defaultMessage: 'Material includes' },
  requirements: { id: 'courses.requirements', defaultMessage: 'Requirements' },
  audience: { id: 'courses.audience', defaultMessage: 'Audience' },
  tags: { id: 'courses.tags', defaultMessage: 'Tags' },
  instructor: { id: 'courses.instructor', defaultMessage: 'Instructor' },
  rating: { id: 'courses.rating', defaultMessage: 'Rating' },
  noReviews: { id: 'courses.noReviews', defaultMessage: 'This course has no reviews yet.' },
  enrolment: { id: 'courses.enrolment', defaultMessage: 'Enrolment', description: 'The sidebar’s name.' },
  free: { id: 'courses.free', defaultMessage: 'Free', description: 'The price.' },
  enrolledUnpublished: {
    id: 'courses.enrolledUnpublished',
    defaultMessage: 'You are enrolled. The course is not published at the moment.',
  },
  enrolOncePublished: {
    id: 'courses.enrolOncePublished',
    defaultMessage: 'Students can enrol once the course is published.',
  },
  onlyStudents: { id: 'courses.onlyStudents', defaultMessage: 'Only students can enrol in courses.' },
  factEnrolled: { id: 'courses.factEnrolled', defaultMessage: 'Enrolled', description: 'How many students.' },
  factUpdated: { id: 'courses.factUpdated', defaultMessage: 'Last updated' },
  factDuration: { id: 'courses.factDuration', defaultMessage: 'Duration' },
  factLevel: { id: 'courses.factLevel', defaultMessage: 'Level' },
  detailsTitle: { id: 'courses.detailsTitle', defaultMessage: 'Course details' },
  notFound: { id: 'courses.notFound', defaultMessage: 'Course not found' },
  notFoundHint: { id: 'courses.notFoundHint', defaultMessage: 'This course does not exist, or it is not published.' },
  browse: { id: 'courses.browse', defaultMessage: 'Browse courses' },
  courseLoadFailed: { id: 'courses.courseLoadFailed', defaultMessage: 'The course could not be loaded' },
  breadcrumb: { id: 'courses.breadcrumb', defaultMessage: 'Breadcrumb' },
  courses: { id: 'courses.courses', defaultMessage: 'Courses' },
  draft: { id: 'courses.draft', defaultMessage: 'Draft' },
  unpublished: { id: 'courses.unpublished', defaultMessage: 'Unpublished' },
  by: {
    id: 'courses.by',
    defaultMessage: 'By <name></name>',
    description: 'The teacher’s name goes in the tag.',
  },
  noLongerPublished: { id: 'courses.noLongerPublished', defaultMessage: 'This course is no longer published' },
  readOnlyAccess: {
    id: 'courses.readOnlyAccess',
    defaultMessage:
      'You keep read-only access because you are enrolled. New students cannot enrol, and reviews are closed until it is published again.',
  },
  draftNotice: {
    id: 'courses.draftNotice',
    defaultMessage: 'This course is a draft: only its teacher and administrators can see it.',
  },
  editCourse: { id: 'courses.editCourse', defaultMessage: 'Edit course' },
  editCurriculum: { id: 'courses.editCurriculum', defaultMessage: 'Edit curriculum' },
  tabInfo: { id: 'courses.tabInfo', defaultMessage: 'Course Info' },
  tabReviews: { id: 'courses.tabReviews', defaultMessage: 'Reviews' },
  share: { id: 'courses.share', defaultMessage: 'Share' },
  enrolled: { id: 'courses.enrolled', defaultMessage: 'Enrolled', description: 'The student’s enrolment status.' },
  completedCourse: { id: 'courses.completedCourse', defaultMessage: 'You completed this course.' },
  activeCourse: { id: 'courses.activeCourse', defaultMessage: 'This course is in your active courses.' },
  enrolNow: { id: 'courses.enrolNow', defaultMessage: 'Enroll now' },
  wishlist: { id: 'courses.wishlist', defaultMessage: 'Wishlist' },
});
