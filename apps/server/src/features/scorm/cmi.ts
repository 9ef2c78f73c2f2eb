import { SCORM_LIMITS, type ScormCmi, type ScormCommitBody, type ScormVersion } from '@lyceum/contract';
import type { scormAttempts, StoredTocEntry } from '#db/schema/index.js';
import { HttpError } from '#lib/errors.js';

/*
 * The CMI data model of both versions (ADR 067), flattened as the runtime sends it ("cmi.core.lesson_status":
 * "passed"), mapped to one attempt row: SCORM 1.2's lesson_status becomes completion and success as 2004 has them,
 * score raw/min/max/scaled, location, suspend_data (of any length up to SCORM_LIMITS.suspendData), exit, session
 * time (1.2's HHHH:MM:SS.SS or 2004's ISO 8601 duration) and the interactions. And back: the state a SCO resumes.
 */

type Attempt = typeof scormAttempts.$inferSelect;
export type Completion = 'completed' | 'incomplete' | 'not attempted' | 'unknown';
export type Success = 'passed' | 'failed' | 'unknown';

/** What a commit changes of an attempt (absent: unchanged). */
export interface CmiChange {
  completion?: Completion;
  success?: Success;
  scoreRaw?: number | null;
  scoreMin?: number | null;
  scoreMax?: number | null;
  scoreScaled?: number | null;
  progressMeasure?: number | null;
  location?: string;
  suspendData?: string;
  exit?: string;
  sessionSeconds?: number;
  interactions?: Record<string, string | number | boolean>[];
}

const refuse = (element: string, why: string) => new HttpError(400, `${element}: ${why}`);

/** Seconds of a 1.2 timespan (HHHH:MM:SS.SS) or a 2004 ISO 8601 duration (PT1H2M3.5S); null when neither. */
export function parseDuration(value: string): number | null {
  const v = value.trim();
  const hms = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(v);
  if (hms) return Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]);
  const iso =
    /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      v,
    );
  if (!iso || v === 'P' || v.endsWith('T')) return null;
  const [, y, mo, d, h, mi, s] = iso.map((part) => Number(part ?? 0));
  return y! * 31_536_000 + mo! * 2_592_000 + d! * 86_400 + h! * 3600 + mi! * 60 + s!;
}

/** Seconds as 1.2's HHHH:MM:SS.SS or 2004's PT#H#M#S. */
export function formatDuration(seconds: number, version: ScormVersion): string {
  const total = Math.max(0, Math.round(seconds * 100) / 100);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = Math.round((total % 60) * 100) / 100;
  if (version === '2004') return `PT${h}H${m}M${s}S`;
  const [whole, fraction] = s.toFixed(2).split('.');
  return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${whole!.padStart(2, '0')}.${fraction}`;
}

const text = (element: string, value: string | number | boolean, max: number) => {
  const s = String(value);
  if (s.length > max) throw new HttpError(413, `${element}: at most ${max} characters are kept`);
  if (s.includes('\u0000')) throw refuse(element, 'must not contain NUL characters');
  return s;
};

const number = (element: string, value: string | number | boolean): number | null => {
  if (value === '') return null;
  const n = Number(value);
  if (typeof value === 'boolean' || !Number.isFinite(n)) throw refuse(element, 'must be a number');
  return n;
};

const LESSON_STATUS: Record<string, { completion: Completion; success: Success }> = {
  passed: { completion: 'completed', success: 'passed' },
  failed: { completion: 'completed', success: 'failed' },
  completed: { completion: 'completed', success: 'unknown' },
  incomplete: { completion: 'incomplete', success: 'unknown' },
  browsed: { completion: 'incomplete', success: 'unknown' },
  'not attempted': { completion: 'not attempted', success: 'unknown' },
};
const COMPLETION = new Set<string>(['completed', 'incomplete', 'not attempted', 'unknown']);
const SUCCESS = new Set<string>(['passed', 'failed', 'unknown']);

/** The elements of a commit as a change of the attempt; unknown elements are ignored, bad values refused (400). */
export function readCommit(cmi: ScormCommitBody, version: ScormVersion): CmiChange {
  const keys = Object.keys(cmi);
  if (keys.length > SCORM_LIMITS.commitElements)
    throw new HttpError(413, `A commit holds at most ${SCORM_LIMITS.commitElements} elements`);
  const change: CmiChange = {};
  const interactions = new Map<number, Record<string, string | number | boolean>>();
  const v12 = version === '1.2';
  const prefix = v12 ? 'cmi.core.' : 'cmi.';
  for (const [element, raw] of Object.entries(cmi)) {
    // Empty arrays and objects the runtime renders for unset children carry nothing.
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') continue;
    const value = raw;
    const interaction = /^cmi\.interactions(?:\.(\d{1,4})|\.childArray\[(\d{1,4})\]|\[(\d{1,4})\])\.(.+)$/.exec(
      element,
    );
    if (interaction) {
      const n = Number(interaction[1] ?? interaction[2] ?? interaction[3]);
      if (n >= SCORM_LIMITS.interactions) continue;
      const row = interactions.get(n) ?? {};
      row[interaction[4]!.slice(0, 100)] = typeof value === 'string' ? text(element, value, 4000) : value;
      interactions.set(n, row);
      continue;
    }
    switch (element) {
      case 'cmi.core.lesson_status': {
        if (!v12) break;
        const status = LESSON_STATUS[String(value)];
        if (!status) throw refuse(element, `"${String(value).slice(0, 40)}" is not a SCORM 1.2 lesson status`);
        Object.assign(change, status);
        break;
      }
      case 'cmi.completion_status':
        if (v12) break;
        if (!COMPLETION.has(String(value))) throw refuse(element, 'is not a SCORM 2004 completion status');
        change.completion = String(value) as Completion;
        break;
      case 'cmi.success_status':
        if (v12) break;
        if (!SUCCESS.has(String(value))) throw refuse(element, 'is not a SCORM 2004 success status');
        change.success = String(value) as Success;
        break;
      case `${prefix}score.raw`:
        change.scoreRaw = number(element, value);
        break;
      case `${prefix}score.min`:
        change.scoreMin = number(element, value);
        break;
      case `${prefix}score.max`:
        change.scoreMax = number(element, value);
        break;
      case 'cmi.score.scaled':
        if (!v12) change.scoreScaled = number(element, value);
        break;
      case 'cmi.progress_measure':
        if (!v12) change.progressMeasure = number(element, value);
        break;
      case v12 ? 'cmi.core.lesson_location' : 'cmi.location':
        change.location = text(element, value, 4000);
        break;
      case 'cmi.suspend_data':
        change.suspendData = text(element, value, SCORM_LIMITS.suspendData);
        break;
      case `${prefix}exit`:
        change.exit = text(element, value, 40);
        break;
      case `${prefix}session_time`: {
        const seconds = parseDuration(String(value));
        if (seconds === null) throw refuse(element, `"${String(value).slice(0, 40)}" is not a SCORM time span`);
        change.sessionSeconds = seconds;
        break;
      }
      default:
        break;
    }
  }
  if (interactions.size > 0) {
    change.interactions = [...interactions.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  }
  return change;
}

/** Completed or passed: the SCO counts as done for the lesson's progress. */
export const isDone = (row: { completion: string; success: string }) =>
  row.completion === 'completed' || row.success === 'passed';

/** The elements a SCO is initialised with: the learner's last state, entry, total time and the item's data. */
export function resumeState(
  version: ScormVersion,
  attempt: Attempt | null,
  entry: StoredTocEntry,
  learner: { id: string; name: string },
): ScormCmi {
  const cmi: ScormCmi = {};
  const total = attempt ? attempt.priorSeconds + attempt.sessionSeconds : 0;
  const resuming = attempt?.exit === 'suspend' || attempt?.exit === 'logout';
  const first = !attempt || attempt.commits === 0;
  const put = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') cmi[name] = value;
  };
  if (version === '1.2') {
    put('cmi.core.student_id', learner.id);
    put('cmi.core.student_name', learner.name);
    const status =
      !attempt || attempt.completion === 'not attempted'
        ? 'not attempted'
        : attempt.success === 'passed' || attempt.success === 'failed'
          ? attempt.success
          : attempt.completion === 'completed'
            ? 'completed'
            : 'incomplete';
    put('cmi.core.lesson_status', status);
    put('cmi.core.entry', first ? 'ab-initio' : resuming ? 'resume' : '');
    put('cmi.core.lesson_location', attempt?.location);
    put('cmi.core.score.raw', attempt?.scoreRaw);
    put('cmi.core.score.min', attempt?.scoreMin);
    put('cmi.core.score.max', attempt?.scoreMax);
    put('cmi.core.total_time', formatDuration(total, version));
    put('cmi.student_data.mastery_score', entry.masteryScore);
  } else {
    put('cmi.learner_id', learner.id);
    put('cmi.learner_name', learner.name);
    put('cmi.completion_status', attempt?.completion ?? 'not attempted');
    put('cmi.success_status', attempt?.success ?? 'unknown');
    put('cmi.entry', first ? 'ab-initio' : resuming ? 'resume' : '');
    put('cmi.location', attempt?.location);
    put('cmi.score.raw', attempt?.scoreRaw);
    put('cmi.score.min', attempt?.scoreMin);
    put('cmi.score.max', attempt?.scoreMax);
    put('cmi.score.scaled', attempt?.scoreScaled);
    put('cmi.progress_measure', attempt?.progressMeasure);
    put('cmi.total_time', formatDuration(total, version));
    put('cmi.completion_threshold', entry.completionThreshold);
    put('cmi.scaled_passing_score', entry.scaledPassingScore);
  }
  put('cmi.launch_data', entry.launchData);
  // One attempt per learner and SCO: its suspend_data comes back whole, however long.
  if (attempt) put('cmi.suspend_data', attempt.suspendData);
  // 2004's interactions are readable; 1.2's are write-only (the runtime refuses to load them).
  if (version === '2004') {
    (attempt?.interactions ?? []).forEach((row, n) => {
      for (const [key, value] of Object.entries(row)) cmi[`cmi.interactions.${n}.${key}`] = value;
    });
  }
  return cmi;
}
