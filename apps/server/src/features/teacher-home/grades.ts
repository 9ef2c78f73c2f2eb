import type { Db } from '#db/client.js';
import { KEPT_LIST_BYTES, KEPT_LIST_TTL_MS, keptByKey } from '#lib/kept-by-key.js';
import { gradebookCells, gradebookLines, gradebookTotal, type FramesReader } from '#lib/gradebook.js';
import { namesHidden } from '#lib/release.js';

/** A student's counting course total, keyed `studentId:courseId`. */
export type CourseTotals = Map<string, { percent: number; courseId: string; courseTitle: string }>;

/** A teacher's totals as read: for which courses and students, until when (an anonymous release changes them). */
interface KeptTotals {
  key: string;
  courseIds: Set<string>;
  totals: CourseTotals;
  changesAt: number;
}

/** Lines read at most (students × courses): the teacher home's members are at most 2,000. */
const LINES_MAX = 20_000;

/**
 * The counting course totals of some students in some courses, from the shared gradebook (lib/gradebook.ts, the
 * roster's numbers; graders' view: an anonymous assessment counts once released): the kept frames and one statement
 * of lines whatever the number of students. Kept per teacher (lib/kept-by-key.ts) until one of the courses changes
 * (`watch`: its items, assessments, weights, enrolments, submitted attempts or overrides: migrations 0038–0040),
 * the students or courses asked for differ, or an anonymous release passes. Without `watch` every call reads.
 */
export function createCourseTotals(
  db: Db,
  framesOf: FramesReader,
  watch?: (onChange: (courseId: string) => void) => () => void,
) {
  const kept = keptByKey<KeptTotals>({
    ttlMs: KEPT_LIST_TTL_MS,
    maxBytes: KEPT_LIST_BYTES,
    bytesOf: (value) => 200 + 120 * value.totals.size,
  });
  const stop = watch?.((courseId) =>
    courseId === '*' ? kept.clear() : kept.forgetWhere((value) => value.courseIds.has(courseId)),
  );

  async function read(courseIds: string[], studentIds: string[], at: number, key: string): Promise<KeptTotals> {
    const [frames, lines] = await Promise.all([
      framesOf(courseIds),
      gradebookLines(db, courseIds, { studentIds, limit: Math.min(studentIds.length * courseIds.length, LINES_MAX) }),
    ]);
    const totals: CourseTotals = new Map();
    const when = new Date(at);
    for (const line of lines) {
      const course = frames.get(line.course_id);
      if (!course) continue;
      const total = gradebookTotal(gradebookCells(line, course.list, when), course.list, course.weights);
      if (total === null) continue;
      totals.set(`${line.student_id}:${line.course_id}`, {
        percent: total,
        courseId: line.course_id,
        courseTitle: course.courseTitle,
      });
    }
    const releases = [...frames.values()].flatMap((frame) =>
      frame.list.flatMap((a) => (namesHidden(a, when) && a.releasedAt ? [a.releasedAt.getTime()] : [])),
    );
    return { key, courseIds: new Set(courseIds), totals, changesAt: Math.min(Infinity, ...releases) };
  }

  return {
    /** The totals of these students in these courses as of `at`. */
    async totals(teacherId: string, courseIds: string[], studentIds: string[], at: number): Promise<CourseTotals> {
      if (courseIds.length === 0 || studentIds.length === 0) return new Map();
      const key = `${[...courseIds].sort().join(',')}|${[...studentIds].sort().join(',')}`;
      const found = stop ? kept.peek(teacherId, at) : undefined;
      if (found && found.key === key && at < found.changesAt) return found.totals;
      const mark = kept.mark();
      const answer = await read(courseIds, studentIds, at, key);
      if (stop) kept.keep(teacherId, at, answer, mark);
      return answer.totals;
    },
    stop: () => stop?.(),
  };
}

export type CourseTotalsReader = ReturnType<typeof createCourseTotals>;
