import PDFDocument from 'pdfkit';
import { formatCertificateCode, formatDate } from '@lyceum/contract/constants';
import { zoneOrDefault } from '#lib/time-zones.js';
import { drawText, FACE_FILES } from './text.js';

export interface CertificateFacts {
  code: string;
  studentName: string;
  courseTitle: string;
  teacherName: string;
  issuedAt: Date;
  /** The learner's time zone: the day of issue as they lived it (issue 46.9); the school's when they have none. */
  timeZone?: string | null;
  /** The public verification page of this certificate. */
  verifyUrl: string;
}

/** Noto Serif for the certificate's own words; the texts from data go through text.ts (every script, ADR 049). */
const SERIF = FACE_FILES.latin;

const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#3b5bdb';
const GOLD = '#b08d3c';

function longDate(date: Date, timeZone: string | null | undefined): string {
  return formatDate(date, { style: 'long', timeZone: zoneOrDefault(timeZone) });
}

/**
 * The certificate as a one-page A4 landscape PDF (pdfkit, its standard fonts): a framed page with the student's
 * name, the course, the teacher, the date, and the verification code with its URL. Resolves to the whole file.
 */
export function renderCertificatePdf(facts: CertificateFacts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `Certificate of completion: ${facts.courseTitle}`,
      Author: 'Lyceum',
      Subject: `Awarded to ${facts.studentName}`,
    },
  });
  doc.registerFont('Serif', SERIF.regular);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width;
  const height = doc.page.height;
  const inner = 64;
  const textWidth = width - inner * 2 - 40;
  const left = inner + 20;

  // Frame: a coloured outer border and a fine gold inner rule.
  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(6)
    .strokeColor(ACCENT)
    .stroke();
  doc
    .rect(40, 40, width - 80, height - 80)
    .lineWidth(1)
    .strokeColor(GOLD)
    .stroke();

  doc.font('Helvetica-Bold').fontSize(14).fillColor(ACCENT);
  doc.text('LYCEUM', left, 78, { width: textWidth, align: 'center', characterSpacing: 6 });

  doc.font('Serif').fontSize(38).fillColor(INK);
  doc.text('Certificate of Completion', left, 104, { width: textWidth, align: 'center' });

  doc
    .moveTo(width / 2 - 90, 178)
    .lineTo(width / 2 + 90, 178)
    .lineWidth(1.5)
    .strokeColor(GOLD)
    .stroke();

  doc.font('Helvetica').fontSize(14).fillColor(MUTED);
  doc.text('This certifies that', left, 200, { width: textWidth, align: 'center' });

  drawText(doc, facts.studentName, {
    x: left,
    width: textWidth,
    top: 226,
    size: 32,
    minSize: 20,
    maxLines: 1,
    weight: 'bold',
    color: INK,
  });

  doc.font('Helvetica').fontSize(14).fillColor(MUTED);
  doc.text('has successfully completed the course', left, 284, { width: textWidth, align: 'center' });

  drawText(doc, facts.courseTitle, {
    x: left,
    width: textWidth,
    top: 310,
    size: 24,
    minSize: 18,
    maxLines: 2,
    weight: 'italic',
    color: ACCENT,
  });

  // Signature line (teacher) and date, side by side.
  const columnWidth = 220;
  const baseline = 445;
  const teacherX = width / 2 - columnWidth - 40;
  const dateX = width / 2 + 40;
  drawText(doc, facts.teacherName, {
    x: teacherX,
    width: columnWidth,
    top: baseline - 24,
    size: 15,
    minSize: 11,
    maxLines: 1,
    weight: 'regular',
    color: INK,
  });
  doc.font('Serif').fontSize(15).fillColor(INK);
  doc.text(longDate(facts.issuedAt, facts.timeZone), dateX, baseline - 24, { width: columnWidth, align: 'center' });
  doc.lineWidth(0.8).strokeColor(MUTED);
  doc
    .moveTo(teacherX, baseline)
    .lineTo(teacherX + columnWidth, baseline)
    .stroke();
  doc
    .moveTo(dateX, baseline)
    .lineTo(dateX + columnWidth, baseline)
    .stroke();
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text('Teacher', teacherX, baseline + 6, { width: columnWidth, align: 'center' });
  doc.text('Date of completion', dateX, baseline + 6, { width: columnWidth, align: 'center' });

  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Verification code ${formatCertificateCode(facts.code)}`, left, height - 100, {
    width: textWidth,
    align: 'center',
  });
  doc.fillColor(ACCENT).text(facts.verifyUrl, left, height - 84, {
    width: textWidth,
    align: 'center',
    link: facts.verifyUrl,
    underline: true,
  });

  doc.end();
  return done;
}
