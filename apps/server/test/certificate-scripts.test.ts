import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderCertificatePdf, type CertificateFacts } from '../src/features/certificates/pdf.js';
import { differingShare, greyRegion, renderFirstPage, shownFonts } from './pdf-helper.js';

/** Certificates print names and titles in every script (issue 46.18, ADR 049). */

const facts = (studentName: string, courseTitle = 'Databases 101'): CertificateFacts => ({
  code: 'ABCDEFGHJK',
  studentName,
  courseTitle,
  teacherName: 'Grace Hopper',
  issuedAt: new Date('2025-03-14T12:00:00Z'),
  verifyUrl: 'https://school.example/certificates/ABCDEFGHJK',
});

/** Characters a reader sees (not joiners or variation selectors). */
const visible = (text: string) => [...text].filter((char) => !/[\s\p{Cf}\uFE00-\uFE0F]/u.test(char));

const NAMES: [script: string, name: string, font: string][] = [
  ['Chinese', '王小明', 'NotoSerifSC-Bold'],
  ['Japanese', '山田 はなこ', 'NotoSerifSC-Bold'],
  ['Arabic', 'محمد بن علي', 'NotoNaskhArabic-Bold'],
  ['Hebrew', 'דוד כהן', 'NotoSerifHebrew-Bold'],
  ['Devanagari', 'श्री अर्जुन', 'NotoSerifDevanagari-Bold'],
  ['emoji', '👩‍🔬🇫🇷', 'NotoEmoji-Bold'],
];

describe('certificate text in every script', () => {
  it.each(NAMES)('draws a name in %s with an embedded font that has every glyph', async (_script, name, fontName) => {
    const fonts = shownFonts(await renderCertificatePdf(facts(name)));
    const font = fonts.find((candidate) => candidate.name === fontName);
    expect(font, `${fontName} among ${fonts.map((f) => f.name).join(', ')}`).toBeDefined();
    // No code is the missing glyph (0), and every glyph drawn has an outline: no empty boxes.
    expect(font!.codes).not.toContain(0);
    expect(fonts.flatMap((f) => f.blank.map((code) => `${f.name}:${code}`))).toEqual([]);
    const shown = new Set(font!.codes.flatMap((code) => [...(font!.unicode.get(code) ?? '')]));
    expect(visible(name).filter((char) => !shown.has(char))).toEqual([]);
  });

  it('lays Arabic out right to left, and keeps a number in it left to right', async () => {
    const fonts = shownFonts(await renderCertificatePdf(facts('Ada', 'مقدمة في البرمجة 101')));
    const arabic = fonts.find((font) => font.name === 'NotoNaskhArabic-Regular')!;
    // The page's drawing order is visual (left to right): the number first, then the words from the last one.
    const drawn = arabic.codes.map((code) => arabic.unicode.get(code) ?? '').join('');
    expect(drawn).toBe(`101 ${[...'مقدمة في البرمجة'].reverse().join('')}`);
  });

  it('embeds only the glyphs a certificate uses', async () => {
    const pdf = await renderCertificatePdf(facts('王小明', '中文课程：数学基础'));
    expect(shownFonts(pdf).map((font) => font.name)).toEqual(
      expect.arrayContaining(['NotoSerifSC-Bold', 'NotoSerifSC-Regular']),
    );
    // The Chinese font files are about 15 MB each; the certificate carries a subset of each.
    expect(pdf.length).toBeLessThan(60_000);
  });
});

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'certificates');
/** The name and the course title at 1.5 × (pdf.js at 108 dpi). */
const TEXT_REGION = { left: 100, top: 330, width: 1060, height: 230 };

/**
 * A picture of the name and title compared with one a person has looked at (test/fixtures/certificates). A missing
 * reference is written and the test fails: look at it, then commit it.
 */
async function expectLooksLikeReference(pdf: Buffer, reference: string) {
  const { png } = await renderFirstPage(pdf);
  const file = path.join(FIXTURES, reference);
  if (!existsSync(file)) {
    mkdirSync(FIXTURES, { recursive: true });
    writeFileSync(file, await (await import('sharp')).default(png).extract(TEXT_REGION).png().toBuffer());
    throw new Error(`wrote ${file}: look at it and commit it`);
  }
  const actual = await greyRegion(png, TEXT_REGION);
  const expected = await greyRegion(readFileSync(file), { ...TEXT_REGION, left: 0, top: 0 });
  expect(differingShare(actual, expected)).toBeLessThan(0.005);
}

describe('certificate text as a reader sees it (pdf.js rendering)', () => {
  it('shows a Chinese and Japanese name as characters, not boxes', async () => {
    await expectLooksLikeReference(
      await renderCertificatePdf(facts('王小明 山田はなこ', '中文课程：数学基础')),
      'name-cjk.png',
    );
  });

  it('shows an Arabic name joined and right to left', async () => {
    await expectLooksLikeReference(
      await renderCertificatePdf(facts('محمد بن علي (الأول)', 'مقدمة في البرمجة 101')),
      'name-arabic.png',
    );
  });
});
