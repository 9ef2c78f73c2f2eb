import { inflateRawSync } from 'node:zlib';
import type { BankQuestion, BankQuestionPage, QtiImportReport } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '../src/lib/zip.js';
import { countQueries, createCourse } from './course-helpers.js';
import { multipart } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/*
 * QTI 2.1 / 3.0 question import and export (issue 50.4, ADR 064). The items are written here, one per interaction
 * type Lyceum's bank takes, in QTI 2.1 (camelCase) and QTI 3.0 (`qti-` kebab-case) spelling; the packages are
 * zipped here, the hostile ones included.
 */
const ctx = useTestApp();
let teacher: TestUser;
let other: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  other = await createUser(ctx, 'teacher');
});

const newCourse = async () => (await createCourse(ctx, teacher.token, { title: 'QTI bank' })).id;

const NS21 = 'http://www.imsglobal.org/xsd/imsqti_v2p1';
const NS30 = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const MAXSCORE = (points: number) =>
  `<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>` +
  `<outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>${points}</value></defaultValue></outcomeDeclaration>`;
const RP = '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>';

/** Every supported interaction, as a QTI 2.1 item (the 3.0 one is the same item in QTI 3.0's spelling). */
const ITEMS: Record<string, { xml: string; expect: (q: BankQuestion) => void }> = {
  choice: {
    xml:
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>B</value></correctResponse></responseDeclaration>${MAXSCORE(2)}` +
      `<itemBody><p>Which planet is <b>red</b>?</p><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1" shuffle="true">` +
      `<simpleChoice identifier="A">Venus</simpleChoice><simpleChoice identifier="B">Mars</simpleChoice><simpleChoice identifier="C">Earth</simpleChoice>` +
      `</choiceInteraction></itemBody>${RP}`,
    expect: (q) => {
      expect(q.points).toBe(2);
      expect(q.prompt).toBe('<p>Which planet is <b>red</b>?</p>');
      expect(q.content).toEqual({
        type: 'multiple_choice',
        body: {
          choices: [
            { id: 'A', text: 'Venus' },
            { id: 'B', text: 'Mars' },
            { id: 'C', text: 'Earth' },
          ],
          multiple: false,
        },
        key: { correct: ['B'], weights: {}, choiceFeedback: {} },
      });
    },
  },
  multiple: {
    xml:
      `<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="identifier"><correctResponse><value>p2</value><value>p3</value></correctResponse></responseDeclaration>${MAXSCORE(1)}` +
      `<itemBody><choiceInteraction responseIdentifier="RESPONSE" maxChoices="0"><prompt>Which are primes?</prompt>` +
      `<simpleChoice identifier="p1">1</simpleChoice><simpleChoice identifier="p2">2</simpleChoice><simpleChoice identifier="p3">3</simpleChoice>` +
      `</choiceInteraction></itemBody>${RP}`,
    expect: (q) => {
      expect(q.prompt).toBe('<p>Which are primes?</p>');
      expect(q.content.type).toBe('multiple_choice');
      expect(q.content.body).toMatchObject({ multiple: true });
      expect(q.content.key).toMatchObject({ correct: ['p2', 'p3'] });
    },
  },
  order: {
    xml:
      `<responseDeclaration identifier="RESPONSE" cardinality="ordered" baseType="identifier"><correctResponse><value>c</value><value>a</value><value>b</value></correctResponse></responseDeclaration>${MAXSCORE(3)}` +
      `<itemBody><p>Oldest first</p><orderInteraction responseIdentifier="RESPONSE">` +
      `<simpleChoice identifier="a">Rome</simpleChoice><simpleChoice identifier="b">Paris</simpleChoice><simpleChoice identifier="c">Ur</simpleChoice>` +
      `</orderInteraction></itemBody>${RP}`,
    expect: (q) => {
      expect(q.content.type).toBe('ordering');
      expect(q.content.key).toEqual({ order: ['c', 'a', 'b'] });
      expect(q.content.body).toEqual({
        items: [
          { id: 'a', text: 'Rome' },
          { id: 'b', text: 'Paris' },
          { id: 'c', text: 'Ur' },
        ],
      });
    },
  },
  match: {
    xml:
      `<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair"><correctResponse><value>fr paris</value><value>it rome</value></correctResponse></responseDeclaration>${MAXSCORE(2)}` +
      `<itemBody><p>Capitals</p><matchInteraction responseIdentifier="RESPONSE" maxAssociations="2">` +
      `<simpleMatchSet><simpleAssociableChoice identifier="fr" matchMax="1">France</simpleAssociableChoice><simpleAssociableChoice identifier="it" matchMax="1">Italy</simpleAssociableChoice></simpleMatchSet>` +
      `<simpleMatchSet><simpleAssociableChoice identifier="paris" matchMax="2">Paris</simpleAssociableChoice><simpleAssociableChoice identifier="rome" matchMax="2">Rome</simpleAssociableChoice><simpleAssociableChoice identifier="oslo" matchMax="2">Oslo</simpleAssociableChoice></simpleMatchSet>` +
      `</matchInteraction></itemBody>${RP}`,
    expect: (q) => {
      expect(q.content.type).toBe('matching');
      expect(q.content.key).toEqual({ pairs: { fr: 'paris', it: 'rome' } });
      expect(q.content.body).toMatchObject({ options: [{ id: 'paris' }, { id: 'rome' }, { id: 'oslo' }] });
    },
  },
  textEntry: {
    xml:
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"><correctResponse><value>Paris</value></correctResponse>` +
      `<mapping defaultValue="0"><mapEntry mapKey="Paris" mappedValue="1" caseSensitive="false"/><mapEntry mapKey="Paree" mappedValue="1" caseSensitive="false"/></mapping></responseDeclaration>${MAXSCORE(1)}` +
      `<itemBody><p>Capital of France?</p><p><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="20"/></p></itemBody>`,
    expect: (q) => {
      expect(q.prompt).toBe('<p>Capital of France?</p>');
      expect(q.content).toEqual({
        type: 'short_answer',
        body: {},
        key: { mode: 'auto', accepted: ['Paris', 'Paree'], caseSensitive: false },
      });
    },
  },
  gaps: {
    xml:
      `<responseDeclaration identifier="R1" cardinality="single" baseType="string"><correctResponse><value>cat</value></correctResponse></responseDeclaration>` +
      `<responseDeclaration identifier="R2" cardinality="single" baseType="string"><correctResponse><value>mat</value></correctResponse></responseDeclaration>${MAXSCORE(2)}` +
      `<itemBody><p>Fill in the rhyme.</p><p>The <textEntryInteraction responseIdentifier="R1"/> sat on the <textEntryInteraction responseIdentifier="R2"/>.</p></itemBody>`,
    expect: (q) => {
      expect(q.prompt).toBe('<p>Fill in the rhyme.</p>');
      expect(q.content.type).toBe('fill_blank');
      expect(q.content.body).toEqual({ sentence: 'The [[1]] sat on the [[2]].' });
      expect(q.content.key).toMatchObject({ blanks: [{ accepted: ['cat'] }, { accepted: ['mat'] }] });
    },
  },
  extendedText: {
    xml:
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>${MAXSCORE(10)}` +
      `<itemBody><p>Discuss the causes of the war.</p><extendedTextInteraction responseIdentifier="RESPONSE" expectedLines="10"/></itemBody>`,
    expect: (q) => {
      expect(q.points).toBe(10);
      expect(q.content).toEqual({ type: 'essay', body: { wordLimit: null }, key: {} });
    },
  },
  inlineChoice: {
    xml:
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>G</value></correctResponse></responseDeclaration>${MAXSCORE(1)}` +
      `<itemBody><p>Edinburgh is the capital of <inlineChoiceInteraction responseIdentifier="RESPONSE" shuffle="false">` +
      `<inlineChoice identifier="G">Scotland</inlineChoice><inlineChoice identifier="W">Wales</inlineChoice></inlineChoiceInteraction>.</p></itemBody>${RP}`,
    expect: (q) => {
      expect(q.prompt).toBe('<p>Edinburgh is the capital of <span>____</span>.</p>');
      expect(q.content.type).toBe('multiple_choice');
      expect(q.content.key).toMatchObject({ correct: ['G'] });
      expect(q.content.body).toMatchObject({ choices: [{ text: 'Scotland' }, { text: 'Wales' }], multiple: false });
    },
  },
  numeric: {
    xml:
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float"><correctResponse><value>9.81</value></correctResponse></responseDeclaration>${MAXSCORE(1)}` +
      `<itemBody><p>g in m/s²?</p><p><textEntryInteraction responseIdentifier="RESPONSE"/></p></itemBody>` +
      `<responseProcessing><responseCondition><responseIf><equal toleranceMode="absolute" tolerance="0.05 0.05">` +
      `<variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></equal>` +
      `<setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue></responseIf></responseCondition></responseProcessing>`,
    expect: (q) => {
      expect(q.prompt).toBe('<p>g in m/s²?</p>');
      expect(q.content).toEqual({
        type: 'numeric',
        body: { unit: '' },
        key: { answers: [{ value: 9.81, tolerance: 0.05, weight: 100 }] },
      });
    },
  },
};

/** QTI 2.1's element and attribute names as QTI 3.0 spells them: `qti-` and kebab-case. */
const QTI_ELEMENTS =
  /^(assessmentItem|responseDeclaration|outcomeDeclaration|correctResponse|defaultValue|value|mapping|mapEntry|itemBody|prompt|\w+Interaction|simpleChoice|simpleMatchSet|simpleAssociableChoice|inlineChoice|responseProcessing|responseCondition|responseIf|equal|variable|correct|setOutcomeValue|baseValue)$/;
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
function toQti30(xml: string): string {
  return xml
    .replace(/<(\/?)([A-Za-z]+)/g, (whole, slash: string, name: string) =>
      QTI_ELEMENTS.test(name) ? `<${slash}qti-${kebab(name)}` : whole,
    )
    .replace(/ ([a-z]+[A-Z][A-Za-z]*)="/g, (_whole, name: string) => ` ${kebab(name)}="`)
    .replace(/rptemplates\/match_correct/g, 'rptemplates/match_correct.xml')
    .replace(NS21, NS30);
}

function item(version: '2.1' | '3.0', id: string, inner: string): string {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<assessmentItem xmlns="${NS21}" identifier="${id}" title="${id} title" adaptive="false" timeDependent="false">` +
    `${inner}</assessmentItem>`;
  return version === '2.1' ? xml : toQti30(xml);
}

function manifest(version: '2.1' | '3.0', hrefs: string[]): string {
  const type = version === '2.1' ? 'imsqti_item_xmlv2p1' : 'imsqti_item_xmlv3p0';
  return (
    `<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M1"><organizations/><resources>` +
    hrefs
      .map((href, i) => `<resource identifier="R${i}" type="${type}" href="${href}"><file href="${href}"/></resource>`)
      .join('') +
    `</resources></manifest>`
  );
}

function upload(course: string, data: Buffer | string, filename: string, dryRun = false, token = teacher.token) {
  const body = multipart([{ name: 'file', data, filename }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course}/questions/import-qti${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

async function bank(course: string): Promise<BankQuestion[]> {
  const page = (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${course}/questions?limit=100`,
      headers: bearer(teacher.token),
    })
  ).json<BankQuestionPage>();
  return Promise.all(
    page.items.map(async (summary) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/questions/${summary.id}`, headers: bearer(teacher.token) })
      ).json<BankQuestion>(),
    ),
  );
}

describe.each(['2.1', '3.0'] as const)('QTI %s import', (version) => {
  it.each(Object.keys(ITEMS))('imports a %s item from one XML file', async (kind) => {
    const course = await newCourse();
    const sample = ITEMS[kind]!;
    const res = await upload(course, item(version, `item-${kind}`, sample.xml), `${kind}.xml`);
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<QtiImportReport>();
    expect(report.refused).toEqual([]);
    expect(report.createdIds).toHaveLength(1);
    const [question] = await bank(course);
    expect(question?.title).toBe(`item-${kind} title`);
    sample.expect(question!);
  });

  it('previews a package (found and refused, nothing written), then imports it in one go', async () => {
    const course = await newCourse();
    const kinds = Object.keys(ITEMS);
    const files = kinds.map((kind) => ({
      name: `items/${kind}.xml`,
      data: Buffer.from(item(version, `item-${kind}`, ITEMS[kind]!.xml)),
    }));
    const hotspot = item(
      version,
      'item-hotspot',
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"/><itemBody><hotspotInteraction responseIdentifier="RESPONSE" maxChoices="1"><object data="map.png" type="image/png"/></hotspotInteraction></itemBody>`,
    );
    files.push({ name: 'items/hotspot.xml', data: Buffer.from(hotspot) });
    const hrefs = files.map((file) => file.name);
    const zip = writeZip([
      { name: 'imsmanifest.xml', data: Buffer.from(manifest(version, [...hrefs, 'items/missing.xml'])) },
      ...files,
    ]);

    const preview = await upload(course, zip, 'bank.zip', true);
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json<QtiImportReport>();
    expect(report.source).toBe('package');
    expect(report.questions.map((q) => q.file)).toEqual(kinds.map((kind) => `items/${kind}.xml`));
    expect(report.refused).toEqual([
      {
        file: 'items/hotspot.xml',
        identifier: 'item-hotspot',
        reason: expect.stringMatching(/hotspotInteraction|qti-hotspot-interaction.*not a question type/),
      },
      { file: 'items/missing.xml', identifier: 'R10', reason: expect.stringContaining('the package lacks it') },
    ]);
    expect(await bank(course)).toEqual([]);

    const imported = await upload(course, zip, 'bank.zip');
    expect(imported.statusCode).toBe(201);
    expect(imported.json<QtiImportReport>().createdIds).toHaveLength(kinds.length);
    expect(await bank(course)).toHaveLength(kinds.length);
  });
});

describe('QTI import refuses hostile input whole, writing nothing', () => {
  it('refuses a DOCTYPE / external entity (XXE) item', async () => {
    const course = await newCourse();
    const xxe =
      `<?xml version="1.0"?><!DOCTYPE assessmentItem [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>` +
      `<assessmentItem xmlns="${NS21}" identifier="x" title="&xxe;"><itemBody><p>&xxe;</p></itemBody></assessmentItem>`;
    const res = await upload(course, xxe, 'xxe.xml');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/DOCTYPE and ENTITY declarations are refused/);
    expect(await bank(course)).toEqual([]);
  });

  it('lists an item of a package that declares entities as refused, and imports the rest', async () => {
    const course = await newCourse();
    const good = item('3.0', 'good', ITEMS.choice!.xml);
    const bomb = `<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><assessmentItem identifier="bomb">&b;</assessmentItem>`;
    const zip = writeZip([
      { name: 'imsmanifest.xml', data: Buffer.from(manifest('3.0', ['good.xml', 'bomb.xml'])) },
      { name: 'good.xml', data: Buffer.from(good) },
      { name: 'bomb.xml', data: Buffer.from(bomb) },
    ]);
    const report = (await upload(course, zip, 'p.zip', true)).json<QtiImportReport>();
    expect(report.questions).toHaveLength(1);
    expect(report.refused).toEqual([
      { file: 'bomb.xml', identifier: 'R1', reason: expect.stringContaining('DOCTYPE and ENTITY declarations') },
    ]);
  });

  it('refuses zip-slip (`..` and absolute paths) with the entry named', async () => {
    const course = await newCourse();
    for (const name of ['../evil.xml', '/etc/evil.xml', 'items/../../evil.xml']) {
      const zip = writeZip([
        { name: 'imsmanifest.xml', data: Buffer.from(manifest('2.1', ['a.xml'])) },
        { name, data: Buffer.from(item('2.1', 'a', ITEMS.choice!.xml)) },
      ]);
      const res = await upload(course, zip, 'slip.zip');
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(`Refused entry "${name}"`);
    }
    expect(await bank(course)).toEqual([]);
  });

  it('refuses a zip bomb (declared unpacked size over the limit) before inflating it', async () => {
    const course = await newCourse();
    const zeros = Buffer.alloc(120 * 1024 * 1024);
    const zip = writeZip([
      { name: 'imsmanifest.xml', data: Buffer.from(manifest('2.1', ['a.xml'])) },
      { name: 'a.xml', data: zeros },
    ]);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const res = await upload(course, zip, 'bomb.zip');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/unpacks to more than 100 MB/);
    expect(await bank(course)).toEqual([]);
  });

  it('refuses a zip whose entry lies about its size (2 GB declared in the directory)', async () => {
    const course = await newCourse();
    const zip = writeZip([{ name: 'imsmanifest.xml', data: Buffer.from(manifest('2.1', [])) }]);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(2 * 1024 * 1024 * 1024, central + 24);
    const res = await upload(course, zip, 'big.zip');
    expect(res.statusCode).toBe(413);
    expect(await bank(course)).toEqual([]);
  });

  it('refuses a package with too many entries', async () => {
    const course = await newCourse();
    const zip = writeZip(Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') })));
    const res = await upload(course, zip, 'many.zip');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/2001 entries/);
  });

  it("refuses another teacher's course", async () => {
    const course = await newCourse();
    const res = await upload(course, item('2.1', 'a', ITEMS.choice!.xml), 'a.xml', false, other.token);
    expect(res.statusCode).toBe(403);
  });
});

describe('QTI 3.0 export', () => {
  it('exports the bank as a content package that imports back into equivalent questions', async () => {
    const source = await newCourse();
    const kinds = Object.keys(ITEMS);
    for (const kind of kinds)
      expect((await upload(source, item('2.1', `item-${kind}`, ITEMS[kind]!.xml), `${kind}.xml`)).statusCode).toBe(201);
    const extra = [
      {
        title: 'TF',
        prompt: '<p>The sky is blue.</p>',
        content: { type: 'true_false', body: {}, key: { answer: true } },
      },
      { title: 'Note', prompt: '<p>Read this first.</p>', content: { type: 'description', body: {}, key: {} } },
      {
        title: 'Manual',
        prompt: '<p>Say something</p>',
        content: { type: 'short_answer', body: {}, key: { mode: 'manual', accepted: [], caseSensitive: false } },
      },
      {
        title: 'Range',
        prompt: '<p>Between 1 and 3</p>',
        content: { type: 'numeric', body: { unit: '' }, key: { answers: [{ min: 1, max: 3 }] } },
      },
    ];
    for (const payload of extra)
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/courses/${source}/questions`,
            headers: bearer(teacher.token),
            payload,
          })
        ).statusCode,
      ).toBe(201);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${source}/questions/export-qti`,
      headers: bearer(teacher.token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['x-qti-skipped']).toBe('0');

    const target = await newCourse();
    const res = await upload(target, exported.rawPayload, 'questions-qti.zip');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<QtiImportReport>().refused).toEqual([]);

    const shape = (q: BankQuestion) => ({ title: q.title, prompt: q.prompt, points: q.points, content: q.content });
    const before = (await bank(source)).map(shape).sort((a, b) => a.title.localeCompare(b.title));
    const after = (await bank(target)).map(shape).sort((a, b) => a.title.localeCompare(b.title));
    // A range is exported as its midpoint ± half its width: the same accepted values.
    const range = before.find((q) => q.title === 'Range')!;
    range.content = {
      type: 'numeric',
      body: { unit: '' },
      key: { answers: [{ value: 2, tolerance: 1, weight: 100 }] },
    };
    expect(after).toEqual(before);
  });

  it('exports and imports 1 or 9 questions with the same statements (no per-question query)', async () => {
    const exportOf = (course: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/courses/${course}/questions/export-qti`,
        headers: bearer(teacher.token),
      });
    const small = await newCourse();
    await upload(small, item('2.1', 'one', ITEMS.choice!.xml), 'one.xml');
    const large = await newCourse();
    const kinds = Object.keys(ITEMS);
    const files = kinds.map((kind) => ({
      name: `${kind}.xml`,
      data: Buffer.from(item('3.0', kind, ITEMS[kind]!.xml)),
    }));
    const zip = writeZip([
      {
        name: 'imsmanifest.xml',
        data: Buffer.from(
          manifest(
            '3.0',
            files.map((f) => f.name),
          ),
        ),
      },
      ...files,
    ]);
    const single = await newCourse();
    const importOne = await countQueries(ctx.database, () =>
      upload(single, item('2.1', 'x', ITEMS.choice!.xml), 'x.xml'),
    );
    const importNine = await countQueries(ctx.database, () => upload(large, zip, 'nine.zip'));
    expect(importNine.length).toBe(importOne.length);
    const exportOne = await countQueries(ctx.database, () => exportOf(small));
    const exportNine = await countQueries(ctx.database, () => exportOf(large));
    expect(exportNine.length).toBe(exportOne.length);
    expect(exportOne.length).toBeLessThanOrEqual(2);
  });

  it('writes the items in QTI 3.0 spelling with a manifest listing them', async () => {
    const course = await newCourse();
    await upload(course, item('2.1', 'one', ITEMS.choice!.xml), 'one.xml');
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${course}/questions/export-qti`,
      headers: bearer(teacher.token),
    });
    const text = inflateEntries(exported.rawPayload);
    expect(text['imsmanifest.xml']).toMatch(/type="imsqti_item_xmlv3p0" href="items\/q-[0-9a-f-]+\.xml"/);
    const itemText = Object.entries(text).find(([name]) => name.startsWith('items/'))![1];
    expect(itemText).toContain(`<qti-assessment-item xmlns="${NS30}"`);
    expect(itemText).toContain('<qti-choice-interaction response-identifier="RESPONSE" max-choices="1">');
  });
});

/** The entries of a zip this suite's writer made (deflate, no data descriptors), by name. */
function inflateEntries(zip: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const packed = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    out[name] = inflateRawSync(zip.subarray(start, start + packed)).toString('utf8');
    at = start + packed;
  }
  return out;
}
