import type { Readable } from 'node:stream';
import { ROSTER_LIMITS, type RosterRefusedRow } from '@lyceum/contract';
import type { Db } from '#db/client.js';
import { rosterImportRows } from '#db/schema/index.js';
import { HttpError } from '#lib/errors.js';
import { readCsv, type CsvRecord, type ZipRoster } from './sources.js';

/**
 * A roster's files into `roster_import_rows` (ADR 065): every row checked on its own (a refused row is listed with its
 * file, line and reason, the others go on), written 500 at a time as the file streams in. What is kept in memory is
 * per class or per teacher (a class's first teacher) and the identifiers already seen (duplicates are refused).
 */

export type RosterRole = 'student' | 'teacher';
export type RowStatus = 'active' | 'tobedeleted';
export interface StagedUser {
  sid: string;
  email: string;
  given: string;
  family: string;
  role: RosterRole;
  status: RowStatus;
  /** OneRoster's `identifier` (the school's own id for the person): matched against a single sign-on subject. */
  identifier?: string;
}
export interface StagedClass {
  sid: string;
  title: string;
  teacherSid: string | null;
  status: RowStatus;
}
export interface StagedEnrolment {
  classSid: string;
  userSid: string;
  role: RosterRole;
  status: RowStatus;
}
export const STAGE = { users: 1, classes: 2, enrolments: 3 } as const;

const BATCH = 500;
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export class Refusals {
  readonly rows: RosterRefusedRow[] = [];
  count = 0;
  add(file: string, line: number, reason: string) {
    this.count += 1;
    if (this.rows.length < ROSTER_LIMITS.refusedListed) this.rows.push({ file, line, reason });
  }
}

/** Buffers staged rows and writes them in batches. */
export class Stager {
  private buffer: (typeof rosterImportRows.$inferInsert)[] = [];
  total = 0;
  readonly refused = new Refusals();
  /** The identifiers staged, per stage (a preview tells rows that will be created from unknown ones). */
  readonly users = new Set<string>();
  readonly classes = new Set<string>();
  constructor(
    private readonly db: Db,
    private readonly importId: string,
  ) {}
  async add(stage: number, file: string, line: number, data: StagedUser | StagedClass | StagedEnrolment) {
    this.buffer.push({ importId: this.importId, stage, file, line, data });
    this.total += 1;
    if (this.buffer.length >= BATCH) await this.flush();
  }
  async flush() {
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    await this.db.insert(rosterImportRows).values(rows);
  }
}

function checkName(value: string, what: string): string | null {
  if (!value) return `${what} is empty`;
  if (value.length > 100) return `${what} is longer than 100 characters`;
  return null;
}

function checkEmail(value: string): string | null {
  if (!value) return 'the e-mail is empty';
  if (value.length > 254 || !EMAIL.test(value)) return `"${value.slice(0, 80)}" is not an e-mail address`;
  return null;
}

function roleOf(value: string): RosterRole | null {
  const role = value.trim().toLowerCase();
  return role === 'student' || role === 'teacher' ? role : null;
}

/** The plain CSV: email, first name, last name, role (student or teacher), class (optional). */
export async function stagePlainCsv(stager: Stager, input: Readable): Promise<void> {
  const file = 'roster.csv';
  const emails = new Map<string, number>();
  const classes = new Map<string, StagedClass & { line: number }>();
  await readCsv(
    file,
    input,
    ['email', 'first name', 'last name', 'role'],
    async ({ line, fields, fieldCountError }) => {
      const email = (fields.email ?? '').toLowerCase();
      const given = fields.firstname ?? '';
      const family = fields.lastname ?? '';
      const role = roleOf(fields.role ?? '');
      const className = (fields.class ?? '').slice(0, 200);
      const reason =
        fieldCountError ??
        checkEmail(email) ??
        checkName(given, 'the first name') ??
        checkName(family, 'the last name') ??
        (role ? null : `the role "${(fields.role ?? '').slice(0, 40)}" is not student or teacher`) ??
        (emails.has(email) ? `the e-mail is already on line ${emails.get(email)}` : null);
      if (reason || !role) return stager.refused.add(file, line, reason ?? 'refused');
      emails.set(email, line);
      const sid = `csv:${email}`;
      stager.users.add(sid);
      await stager.add(STAGE.users, file, line, { sid, email, given, family, role, status: 'active' });
      if (!className) return;
      const classSid = `csv-class:${className.toLowerCase()}`;
      const known = classes.get(classSid);
      if (!known) classes.set(classSid, { sid: classSid, title: className, teacherSid: null, status: 'active', line });
      const cls = classes.get(classSid)!;
      if (role === 'teacher' && !cls.teacherSid) cls.teacherSid = sid;
      await stager.add(STAGE.enrolments, file, line, { classSid, userSid: sid, role, status: 'active' });
    },
  );
  for (const { line, ...cls } of classes.values()) {
    stager.classes.add(cls.sid);
    await stager.add(STAGE.classes, file, line, cls);
  }
  await stager.flush();
}

/** OneRoster's files, in the order they are read (enrolments first: they give users their role, classes a teacher). */
const ONEROSTER_FILES = ['enrollments', 'users', 'classes', 'orgs', 'courses', 'academicSessions'] as const;
type OneRosterFile = (typeof ONEROSTER_FILES)[number];
const REQUIRED: Record<OneRosterFile, string[]> = {
  enrollments: ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
  users: ['sourcedId', 'givenName', 'familyName', 'email'],
  classes: ['sourcedId', 'title'],
  orgs: ['sourcedId', 'name', 'type'],
  courses: ['sourcedId', 'title'],
  academicSessions: ['sourcedId', 'title', 'type', 'startDate', 'endDate'],
};

/** The manifest: which files are there, bulk or delta (`file.users,bulk`). */
async function readManifest(zip: ZipRoster): Promise<Map<OneRosterFile, 'bulk' | 'delta'>> {
  if (!zip.names.has('manifest.csv'))
    throw new HttpError(400, 'The zip has no manifest.csv: not a OneRoster CSV export');
  const properties = new Map<string, string>();
  await readCsv('manifest.csv', await zip.open('manifest.csv'), ['propertyName', 'value'], async ({ fields }) => {
    properties.set((fields.propertyname ?? '').trim(), (fields.value ?? '').trim().toLowerCase());
  });
  const version = properties.get('oneroster.version') ?? '';
  if (!/^1\.[12]$/.test(version))
    throw new HttpError(400, `manifest.csv: oneroster.version is "${version}"; OneRoster 1.2 (or 1.1) is read`);
  const files = new Map<OneRosterFile, 'bulk' | 'delta'>();
  for (const name of ONEROSTER_FILES) {
    const mode = properties.get(`file.${name}`) ?? 'absent';
    if (mode === 'absent') continue;
    if (mode !== 'bulk' && mode !== 'delta')
      throw new HttpError(400, `manifest.csv: file.${name} is "${mode}" (bulk, delta or absent)`);
    if (!zip.names.has(`${name.toLowerCase()}.csv`))
      throw new HttpError(400, `manifest.csv names ${name}.csv (${mode}) but the zip does not hold it`);
    files.set(name, mode);
  }
  if (files.size === 0) throw new HttpError(400, 'manifest.csv names no file to import');
  return files;
}

/** A OneRoster 1.2 CSV zip. Answers whether any file is a delta. */
export async function stageOneRoster(stager: Stager, zip: ZipRoster): Promise<'bulk' | 'delta'> {
  const files = await readManifest(zip);
  const teacherOfClass = new Map<string, string>();
  const teachers = new Set<string>();
  const seen = new Map<string, number>();
  const emails = new Map<string, number>();

  for (const name of ONEROSTER_FILES) {
    const mode = files.get(name);
    if (!mode) continue;
    const file = `${name}.csv`;
    seen.clear();
    /** The checks every OneRoster row has: an identifier seen once in its file, a status its mode allows. */
    const common = ({ line, fields, fieldCountError }: CsvRecord): { sid: string; status: RowStatus } | string => {
      if (fieldCountError) return fieldCountError;
      const sid = fields.sourcedid ?? '';
      if (!sid) return 'the sourcedId is empty';
      if (sid.length > 255) return 'the sourcedId is longer than 255 characters';
      if (seen.has(sid)) return `the sourcedId ${sid} is already on line ${seen.get(sid)}`;
      seen.set(sid, line);
      const status = (fields.status ?? '').toLowerCase();
      if (status === 'tobedeleted')
        return mode === 'delta' ? { sid, status } : 'tobedeleted is only read in a delta file';
      if (status && status !== 'active') return `the status "${status.slice(0, 40)}" is not active or tobedeleted`;
      return { sid, status: 'active' };
    };
    await readCsv(file, await zip.open(file.toLowerCase()), REQUIRED[name], async (record) => {
      const checked = common(record);
      if (typeof checked === 'string') return stager.refused.add(file, record.line, checked);
      const { fields, line } = record;
      if (name === 'enrollments') {
        const classSid = fields.classsourcedid ?? '';
        const userSid = fields.usersourcedid ?? '';
        const role = roleOf(fields.role ?? '');
        const reason =
          (classSid ? null : 'the classSourcedId is empty') ??
          (userSid ? null : 'the userSourcedId is empty') ??
          (role ? null : `the role "${(fields.role ?? '').slice(0, 40)}" is not imported (student or teacher)`);
        if (reason || !role) return stager.refused.add(file, line, reason ?? 'refused');
        if (role === 'teacher' && checked.status === 'active') {
          teachers.add(userSid);
          if (!teacherOfClass.has(classSid)) teacherOfClass.set(classSid, userSid);
        }
        return stager.add(STAGE.enrolments, file, line, { classSid, userSid, role, status: checked.status });
      }
      if (name === 'users') {
        const email = (fields.email ?? '').toLowerCase();
        const given = fields.preferredgivenname || fields.givenname || '';
        const family = fields.preferredfamilyname || fields.familyname || '';
        // 1.1 has a role column; 1.2 gives roles elsewhere: a user with a teacher enrolment is a teacher.
        const stated = fields.role === undefined ? null : roleOf(fields.role);
        const reason =
          checkEmail(email) ??
          checkName(given, 'givenName') ??
          checkName(family, 'familyName') ??
          (fields.role !== undefined && !stated
            ? `the role "${fields.role.slice(0, 40)}" is not imported (student or teacher)`
            : null) ??
          (emails.has(email) ? `the e-mail is already on line ${emails.get(email)}` : null);
        if (reason) return stager.refused.add(file, line, reason);
        emails.set(email, line);
        stager.users.add(checked.sid);
        const role = stated ?? (teachers.has(checked.sid) ? 'teacher' : 'student');
        return stager.add(STAGE.users, file, line, {
          sid: checked.sid,
          email,
          given,
          family,
          role,
          status: checked.status,
          ...(fields.identifier ? { identifier: fields.identifier.slice(0, 255) } : {}),
        });
      }
      if (name === 'classes') {
        const title = fields.title ?? '';
        const reason = checkName(title.length > 100 ? title : title, 'the title');
        if (reason) return stager.refused.add(file, line, reason);
        stager.classes.add(checked.sid);
        return stager.add(STAGE.classes, file, line, {
          sid: checked.sid,
          title,
          teacherSid: teacherOfClass.get(checked.sid) ?? null,
          status: checked.status,
        });
      }
      // orgs, courses, academicSessions: checked (a refused row is listed), nothing of theirs is kept yet.
      const reason =
        name === 'orgs' ? checkName(fields.name ?? '', 'the name') : checkName(fields.title ?? '', 'the title');
      if (reason) stager.refused.add(file, line, reason);
    });
  }
  await stager.flush();
  return [...files.values()].includes('delta') ? 'delta' : 'bulk';
}
