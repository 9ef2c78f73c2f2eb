import {
  CreateCourseBodySchema,
  isHttpUrl,
  LIMITS,
  optionalText,
  requiredText,
  type CourseCard,
} from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../features/accounts/service.js';
import type { CourseService } from '../features/courses/service.js';
import type { ImageService } from '../features/uploads/service.js';
import { siteOrigin } from '../lib/request-origin.js';
import { parseId, parseWith, requireObject } from './input.js';
import { storePastedImages } from './pasted-images.js';
import { addPublicV1Route, addV1Route, V1_LIST, type V1Guards } from './route.js';
import { toV1Course, toV1PublicUser, type V1Course } from './shapes.js';
import { bodyOf } from './transport.js';

export interface V1CourseOptions {
  courses: CourseService;
  accounts: AccountService;
  guards: V1Guards;
  /** Where pictures pasted into About Course are stored (the uploads feature). */
  images: ImageService;
  /** The site's address (PUBLIC_URL, or each request's origin without it): pasted pictures are linked absolutely. */
  site: { publicUrl: string; publicUrlSet: boolean };
}

/** Contract field names → the v1 client's, for validation messages. */
const COURSE_FIELD_NAMES: Record<string, string> = {
  title: 'courseTitle',
  category: 'courseCategory',
  aboutHtml: 'aboutCourse',
  materialItems: 'materialIncludesItems',
};

/**
 * v1 courses: the contract's course fields, except that v1-api.md (§2.4, E11) allows any category text up to
 * 100 characters and any http(s) video link (the v1 client ignores the link and plays a fixed video).
 */
const V1CourseSchema = CreateCourseBodySchema.extend({
  category: requiredText(LIMITS.courseCategory),
  videoLink: optionalText(LIMITS.videoLink).refine((value) => value === '' || isHttpUrl(value), {
    error: 'must be an http(s) URL',
  }),
});

/**
 * Whole courses for a list of ids, in the given order, in one query. Lists hold cards, but a v1 Course carries
 * every field. A course that is not published (any more) is left out: a v1 list never holds null.
 */
export async function loadV1Courses(courses: CourseService, ids: readonly string[]): Promise<V1Course[]> {
  return (await courses.publishedByIds(ids)).map(toV1Course);
}

const idsOf = (cards: readonly CourseCard[]) => cards.map((card) => card.id);

export async function v1CourseRoutes(
  app: FastifyInstance,
  { courses, accounts, guards, images, site }: V1CourseOptions,
) {
  addPublicV1Route(
    app,
    { method: 'GET', url: '/view-courses', summary: 'E1 all published courses, newest first' },
    async () => {
      const page = await courses.listPublished({ sort: 'newest', ...V1_LIST });
      return { message: 'Courses find successful', data: await loadV1Courses(courses, idsOf(page.items)) };
    },
  );

  addV1Route(
    app,
    guards,
    { url: '/view-course-teacher-publish', summary: "E10 the teacher's published courses", auth: ['teacher'] },
    async (_request, user) => {
      const [profile, page] = await Promise.all([
        accounts.getProfile(user.id),
        courses.listOwn(user.id, { status: 'published', ...V1_LIST }),
      ]);
      const list = await loadV1Courses(courses, idsOf(page.items));
      return { message: 'view course successful', data: { ...toV1PublicUser(profile), courses: list } };
    },
  );

  addV1Route(
    app,
    guards,
    { url: '/add-course', summary: 'E11 add a published course', auth: ['teacher', 'admin'], status: 201, write: true },
    async (request, user) => {
      const details = requireObject(bodyOf(request).courseDetails, 'courseDetails');
      const input = parseWith(
        V1CourseSchema,
        {
          title: details.courseTitle,
          category: details.courseCategory,
          videoLink: details.videoLink ?? '',
          aboutHtml: details.aboutCourse ?? '',
          learnItems: details.learnItems ?? [],
          materialItems: details.materialIncludesItems ?? [],
          requirementItems: details.requirementItems ?? [],
          tagItems: details.tagItems ?? [],
          audienceItems: details.audienceItems ?? [],
          // The v1 client has no publish step, and the caller is the course's teacher, admins included.
          status: 'published',
          teacherId: user.id,
        },
        'courseDetails',
        COURSE_FIELD_NAMES,
      );
      // Pictures pasted into the editor arrive as data: URLs, which the About Course allowlist drops: they are
      // stored as uploads and linked instead (issue 46.19).
      const pasted = await storePastedImages(input.aboutHtml, images, siteOrigin(site, request));
      try {
        const course = await courses.create(user, { ...input, aboutHtml: pasted.html });
        return { message: 'Course added!!', data: toV1Course(course) };
      } catch (error) {
        await Promise.all(pasted.stored.map((image) => images.remove(image.id)));
        throw error;
      }
    },
  );

  addPublicV1Route(app, { url: '/view-courseDetails-ById', summary: 'E12 one published course' }, async (request) => {
    const courseId = parseId(bodyOf(request).courseId, 'courseId');
    const course = await courses.getVisible(courseId, null);
    return { message: 'course is founded', data: toV1Course(course) };
  });

  addV1Route(
    app,
    guards,
    { url: '/add-wishlist', summary: 'E13 add a course to the wishlist (idempotent)', auth: ['student'], write: true },
    async (request, user) => {
      const courseId = parseId(bodyOf(request).courseId, 'courseId');
      const before = await courses.viewerState(user, courseId);
      await courses.addToWishlist(user.id, courseId);
      const wishlist = await courses.wishlist(user.id, V1_LIST);
      return {
        message: before.inWishlist ? 'Course already in wishlist' : 'Course added to wishlist',
        data: wishlist.items.map((item) => item.course.id),
      };
    },
  );

  addV1Route(
    app,
    guards,
    { url: '/add-enrolled', summary: 'E14 enrol in a course (idempotent)', auth: ['student'], write: true },
    async (request, user) => {
      const courseId = parseId(bodyOf(request).courseId, 'courseId');
      const before = await courses.viewerState(user, courseId);
      await courses.enrol(user.id, courseId);
      const enrolled = await courses.enrolments(user.id, { status: 'all', page: 1, pageSize: 1 });
      return {
        message: before.enrolled ? 'You are already enrolled in this course!!' : 'Enrolled successfully!!',
        data: enrolled.total,
      };
    },
  );

  addV1Route(
    app,
    guards,
    { url: '/view-wishlist', summary: "E17 the student's wishlist, latest first", auth: ['student'] },
    async (_request, user) => {
      const page = await courses.wishlist(user.id, V1_LIST);
      const ids = page.items.map((item) => item.course.id);
      return { message: 'viewed user wishlist', data: await loadV1Courses(courses, ids) };
    },
  );

  addV1Route(
    app,
    guards,
    { url: '/view-enrolled-by-studentID', summary: "E18 the student's enrolled courses", auth: ['student'] },
    async (_request, user) => {
      const page = await courses.enrolments(user.id, { status: 'all', ...V1_LIST });
      const ids = page.items.map((item) => item.course.id);
      return { message: 'Enrolled courses', data: await loadV1Courses(courses, ids) };
    },
  );
}
