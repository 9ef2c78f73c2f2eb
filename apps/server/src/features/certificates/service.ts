import {
  BADGES,
  CERTIFICATE_CODE_PATTERN,
  CERTIFICATE_MESSAGES,
  normalizeCertificateCode,
  type BadgeId,
  type Badges,
  type MyCertificate,
  type MyCertificatesPage,
  type MyCertificatesQuery,
  type PublicCertificate,
} from '@lyceum/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { certificates } from '#db/schema/index.js';
import { notFound } from '#lib/errors.js';
import { pageResult } from '#lib/pages.js';
import { timeZoneOf } from '#lib/time-zones.js';
import { renderCertificatePdf } from './pdf.js';

export interface CertificateServiceOptions {
  /** The site's public origin: the verification URL printed on the PDF. */
  publicUrl: string;
  /** Whether `publicUrl` was configured (PUBLIC_URL); if not, the PDF uses the origin its request came to. */
  publicUrlSet: boolean;
}

type CertificateRow = typeof certificates.$inferSelect;

export const CERTIFICATES_PATH = '/api/certificates';

/**
 * Certificates (issued by the database in the transaction that completes an enrolment, migration
 * *_certificates_sql) and badges (computed from facts by `student_badges`). See
 * docs/decisions/030-certificates-badges-progress-grid.md. Reads only its own tables and the database function;
 * never the curriculum feature's modules.
 */
export function createCertificateService(db: Db, options: CertificateServiceOptions) {
  /** The verification page: on PUBLIC_URL; without it, on the origin the PDF was asked from (never a guessed localhost). */
  const verifyUrl = (code: string, origin?: string) => {
    const base = options.publicUrlSet || !origin ? options.publicUrl : origin;
    return `${base.replace(/\/+$/, '')}/certificates/${code}`;
  };

  function toPublic(row: CertificateRow): PublicCertificate {
    return {
      code: row.code,
      studentName: row.studentName,
      courseTitle: row.courseTitle,
      teacherName: row.teacherName,
      issuedAt: row.issuedAt.toISOString(),
    };
  }

  function toMine(row: CertificateRow): MyCertificate {
    return { ...toPublic(row), courseId: row.courseId, pdfUrl: `${CERTIFICATES_PATH}/${row.code}/pdf` };
  }

  async function byCode(input: string): Promise<CertificateRow> {
    const code = normalizeCertificateCode(input);
    if (!CERTIFICATE_CODE_PATTERN.test(code)) throw notFound(CERTIFICATE_MESSAGES.notFound);
    const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
    if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
    return row;
  }

  return {
    verifyUrl,

    /** The public verification: name, course, teacher, date. Unknown or malformed codes are a 404. */
    async verify(code: string): Promise<PublicCertificate> {
      return toPublic(await byCode(code));
    },

    /** The PDF of a certificate, for its owner and admins (anyone else: 404, as for an unknown code). */
    async pdf(code: string, user: SessionUser, origin?: string): Promise<{ filename: string; bytes: Buffer }> {
      const row = await byCode(code);
      if (row.studentId !== user.id && user.role !== 'admin') throw notFound(CERTIFICATE_MESSAGES.notFound);
      const bytes = await renderCertificatePdf({
        code: row.code,
        studentName: row.studentName,
        courseTitle: row.courseTitle,
        teacherName: row.teacherName,
        issuedAt: row.issuedAt,
        timeZone: await timeZoneOf(db, row.studentId),
        verifyUrl: verifyUrl(row.code, origin),
      });
      return { filename: `lyceum-certificate-${row.code}.pdf`, bytes };
    },

    /** The caller's certificates, newest first (bounded page; the (student, course) index serves it). */
    async mine(studentId: string, paging: MyCertificatesQuery): Promise<MyCertificatesPage> {
      const where = paging.courseId
        ? and(eq(certificates.studentId, studentId), eq(certificates.courseId, paging.courseId))
        : eq(certificates.studentId, studentId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(certificates)
          .where(where)
          .orderBy(desc(certificates.issuedAt), desc(certificates.id))
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize),
        db.select({ n: count() }).from(certificates).where(where),
      ]);
      return pageResult(rows.map(toMine), paging, total?.n ?? 0);
    },

    /** Every badge of the fixed set, earned or not, from the facts (one query). */
    async badges(studentId: string): Promise<Badges> {
      const result = (await db.execute(
        sql`select badge, earned_at from student_badges(${studentId}::uuid)`,
      )) as unknown as { rows: { badge: BadgeId; earned_at: Date | string | null }[] };
      const earned = new Map(result.rows.map((row) => [row.badge, row.earned_at]));
      return {
        earned: earned.size,
        badges: BADGES.map(({ id }) => {
          const at = earned.get(id);
          return {
            id,
            earned: earned.has(id),
            earnedAt: at === undefined || at === null ? null : new Date(at).toISOString(),
          };
        }),
      };
    },
  };
}

export type CertificateService = ReturnType<typeof createCertificateService>;
