import type { SessionUser } from '#auth/guards.js';
import { csvRow, UTF8_BOM } from '#lib/csv.js';
import { gradebookCells, gradebookTotal, type StudentLine } from '#lib/gradebook.js';
import type { GradingContext } from './context.js';
import { fullName } from './rows.js';

export const EXPORT_BATCH = 500;

/** An anonymous assessment's cell before its release, in the gradebook CSV. */
const HIDDEN_IN_CSV = 'hidden until release';

/**
 * The markers the gradebook page shows on a cell (Late with its penalty, Pending or To grade, Override), for the
 * CSV's notes column beside the points: the points column stays a plain number a spreadsheet can add up.
 */
function csvNotes(cell: {
  hidden: boolean;
  points: number | null;
  pending: boolean;
  late: boolean;
  penaltyPoints: number;
  overridden: boolean;
}): string {
  if (cell.hidden) return '';
  const notes: string[] = [];
  if (cell.late)
    notes.push(
      cell.penaltyPoints > 0 ? `Late: −${cell.penaltyPoints} ${cell.penaltyPoints === 1 ? 'point' : 'points'}` : 'Late',
    );
  if (cell.pending) notes.push(cell.points === null ? 'To grade' : 'Pending');
  if (cell.overridden) notes.push('Override');
  return notes.join('; ');
}

/** The gradebook exported as CSV. */
export function createGradebookCsv(context: GradingContext) {
  const { now, studentLines } = context;
  return {
    /**
     * The gradebook as CSV lines, students read in keyset batches of 500: memory stays flat however large the
     * course. The first batch is read before anything is produced (a failing query is a clean JSON error).
     */
    async *gradebookCsv(user: SessionUser, courseId: string): AsyncGenerator<string> {
      const frame = await context.gradebookFrame(user, courseId);
      const header = csvRow([
        'Student',
        'Email',
        ...frame.columns.flatMap((c) => [`${c.title} (${c.points})`, `${c.title}: notes`]),
        'Course total %',
      ]);
      const at = now();
      const lineOf = (line: StudentLine) => {
        const cells = gradebookCells(line, frame.list, at);
        return csvRow([
          fullName(line),
          line.email,
          ...cells.flatMap((cell) => [cell.hidden ? HIDDEN_IN_CSV : cell.points, csvNotes(cell)]),
          gradebookTotal(cells, frame.list, frame.weights),
        ]);
      };
      let batch = await studentLines(courseId, { limit: EXPORT_BATCH });
      yield UTF8_BOM + header + batch.map(lineOf).join('');
      while (batch.length === EXPORT_BATCH) {
        const last = batch.at(-1)!;
        batch = await studentLines(courseId, {
          limit: EXPORT_BATCH,
          after: { lastname: last.lastname ?? '', firstname: last.firstname ?? '', id: last.student_id },
        });
        if (batch.length > 0) yield batch.map(lineOf).join('');
      }
    },
  };
}
