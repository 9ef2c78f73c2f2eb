import { QuestionContentSchema, QuestionForTakingSchema, type QuestionContentInput } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { ResponseShapeError, gradeQuestion } from '../src/features/assessments/question-types/index.js';

/** A question's content as the bank stores it (defaults filled in by the type's schema). */
const content = (input: QuestionContentInput) => QuestionContentSchema.parse(input);

const abcd = [
  { id: 'a', text: 'A' },
  { id: 'b', text: 'B' },
  { id: 'c', text: 'C' },
  { id: 'd', text: 'D' },
];

type Row = [string, unknown, number, boolean | null];

function table(name: string, question: ReturnType<typeof content>, points: number, rows: Row[]) {
  describe(name, () => {
    it.each(rows)('%s → %s points', (_label, response, score, correct) => {
      const grade = gradeQuestion(question, response, points);
      expect(grade).toEqual({ score, maxScore: points, correct, needsManual: false });
    });
  });
}

describe('question grading', () => {
  table(
    'multiple choice, one answer',
    content({ type: 'multiple_choice', body: { choices: abcd }, key: { correct: ['b'] } }),
    2,
    [
      ['the right choice', { chosen: ['b'] }, 2, true],
      ['a wrong choice', { chosen: ['a'] }, 0, false],
      ['nothing', { chosen: [] }, 0, false],
      ['two choices on a single-answer question', { chosen: ['b', 'a'] }, 0, false],
      ['an unknown id', { chosen: ['zz'] }, 0, false],
    ],
  );

  table(
    'multiple choice, one answer with a partly right choice (GIFT ~%50%)',
    content({ type: 'multiple_choice', body: { choices: abcd }, key: { correct: ['b'], weights: { c: 50 } } }),
    4,
    [
      ['the right choice', { chosen: ['b'] }, 4, true],
      ['the half-right choice', { chosen: ['c'] }, 2, false],
    ],
  );

  // Per-choice rule: each correct choice chosen +1/|correct|, each wrong choice chosen −1/|correct|, floor 0.
  table(
    'multiple choice, several answers: partial credit per choice, floor 0',
    content({ type: 'multiple_choice', body: { choices: abcd, multiple: true }, key: { correct: ['a', 'c'] } }),
    10,
    [
      ['both right choices', { chosen: ['a', 'c'] }, 10, true],
      ['one of two right choices', { chosen: ['a'] }, 5, false],
      ['one right and one wrong', { chosen: ['a', 'b'] }, 0, false],
      ['both right and one wrong', { chosen: ['a', 'c', 'd'] }, 5, false],
      ['every choice', { chosen: ['a', 'b', 'c', 'd'] }, 0, false],
      ['only wrong choices: never below 0', { chosen: ['b', 'd'] }, 0, false],
      ['a right choice sent twice counts once', { chosen: ['a', 'a'] }, 5, false],
    ],
  );

  table(
    'multiple choice, three right answers of 33.33 % make 100 %',
    content({
      type: 'multiple_choice',
      body: { choices: abcd, multiple: true },
      key: { correct: ['a', 'b', 'c'] },
    }),
    3,
    [
      ['all three', { chosen: ['a', 'b', 'c'] }, 3, true],
      ['two of three', { chosen: ['a', 'b'] }, 2, false],
    ],
  );

  table('true/false', content({ type: 'true_false', body: {}, key: { answer: false } }), 1, [
    ['false', { answer: false }, 1, true],
    ['true', { answer: true }, 0, false],
  ]);

  table(
    'fill in the blank: case, accents and whitespace per blank, NFC',
    content({
      type: 'fill_blank',
      body: { sentence: 'The capital of France is [[1]]; a [[2]] is a coffee house; water is [[3]].' },
      key: {
        blanks: [
          { accepted: ['Paris'], caseSensitive: true, accentSensitive: true, trimWhitespace: true },
          { accepted: ['café'], caseSensitive: false, accentSensitive: false, trimWhitespace: true },
          { accepted: ['H2O'], caseSensitive: false, accentSensitive: true, trimWhitespace: false },
        ],
      },
    }),
    3,
    [
      ['all exact', { blanks: ['Paris', 'café', 'H2O'] }, 3, true],
      ['surrounding spaces trimmed on blank 1', { blanks: ['  Paris ', 'café', 'H2O'] }, 3, true],
      ['wrong case on a case-sensitive blank', { blanks: ['paris', 'café', 'H2O'] }, 2, false],
      ['no accent on an accent-insensitive blank', { blanks: ['Paris', 'CAFE', 'h2o'] }, 3, true],
      ['decomposed é (NFD) equals composed é', { blanks: ['Paris', 'cafe\u0301', 'H2O'] }, 3, true],
      ['spaces kept on a blank that does not trim', { blanks: ['Paris', 'café', ' H2O'] }, 2, false],
      ['missing blanks are wrong', { blanks: ['Paris'] }, 1, false],
      ['empty blanks never match', { blanks: ['', '', ''] }, 0, false],
    ],
  );

  table(
    'fill in the blank: accents count by default',
    content({ type: 'fill_blank', body: { sentence: '[[1]]' }, key: { blanks: [{ accepted: ['Ñandú'] }] } }),
    1,
    [
      ['same word, other case', { blanks: ['ñandú'] }, 1, true],
      ['without accents', { blanks: ['nandu'] }, 0, false],
    ],
  );

  table(
    'short answer, auto',
    content({ type: 'short_answer', body: {}, key: { mode: 'auto', accepted: ['Grace Hopper', 'Hopper'] } }),
    2,
    [
      ['an accepted answer', { text: 'Hopper' }, 2, true],
      ['other case, extra spaces', { text: '  grace   HOPPER ' }, 2, true],
      ['a wrong answer', { text: 'Lovelace' }, 0, false],
      ['nothing', { text: '' }, 0, false],
    ],
  );

  table(
    'short answer, auto, case-sensitive',
    content({ type: 'short_answer', body: {}, key: { mode: 'auto', accepted: ['NaCl'], caseSensitive: true } }),
    1,
    [
      ['exact', { text: 'NaCl' }, 1, true],
      ['other case', { text: 'nacl' }, 0, false],
    ],
  );

  table(
    'matching: each pair an equal share',
    content({
      type: 'matching',
      body: {
        prompts: [
          { id: 'p1', text: 'cat' },
          { id: 'p2', text: 'dog' },
          { id: 'p3', text: 'cow' },
          { id: 'p4', text: 'hen' },
        ],
        options: [
          { id: 'o1', text: 'meow' },
          { id: 'o2', text: 'woof' },
          { id: 'o3', text: 'moo' },
          { id: 'o4', text: 'cluck' },
          { id: 'o5', text: 'quack' },
        ],
      },
      key: { pairs: { p1: 'o1', p2: 'o2', p3: 'o3', p4: 'o4' } },
    }),
    8,
    [
      ['all pairs', { pairs: { p1: 'o1', p2: 'o2', p3: 'o3', p4: 'o4' } }, 8, true],
      ['three of four', { pairs: { p1: 'o1', p2: 'o2', p3: 'o3', p4: 'o5' } }, 6, false],
      ['two swapped', { pairs: { p1: 'o2', p2: 'o1', p3: 'o3', p4: 'o4' } }, 4, false],
      ['one answered', { pairs: { p3: 'o3' } }, 2, false],
      ['none', { pairs: {} }, 0, false],
    ],
  );

  table(
    'ordering: each item in its place an equal share',
    content({
      type: 'ordering',
      body: { items: abcd },
      key: { order: ['a', 'b', 'c', 'd'] },
    }),
    4,
    [
      ['in order', { order: ['a', 'b', 'c', 'd'] }, 4, true],
      ['half right (last two swapped)', { order: ['a', 'b', 'd', 'c'] }, 2, false],
      ['reversed', { order: ['d', 'c', 'b', 'a'] }, 0, false],
      ['shifted by one', { order: ['d', 'a', 'b', 'c'] }, 0, false],
      ['too short', { order: ['a'] }, 1, false],
    ],
  );

  table(
    'numeric: value ± tolerance, bounds inclusive',
    content({ type: 'numeric', body: {}, key: { answers: [{ value: 2, tolerance: 0.1 }] } }),
    1,
    [
      ['the value', { value: 2 }, 1, true],
      ['the lower bound', { value: 1.9 }, 1, true],
      ['the upper bound (2.1 − 2 > 0.1 in binary)', { value: 2.1 }, 1, true],
      ['just below', { value: 1.8999 }, 0, false],
      ['just above', { value: 2.1001 }, 0, false],
    ],
  );

  table(
    'numeric: ranges and weighted answers',
    content({
      type: 'numeric',
      body: { unit: 'AD' },
      key: {
        answers: [
          { min: 1820, max: 1825 },
          { value: 1822, tolerance: 10, weight: 50 },
        ],
      },
    }),
    2,
    [
      ['the range lower bound', { value: 1820 }, 2, true],
      ['the range upper bound', { value: 1825 }, 2, true],
      ['outside the range, inside the 50 % answer', { value: 1830 }, 1, false],
      ['outside both', { value: 1900 }, 0, false],
    ],
  );

  it('leaves an essay and a manual short answer to a person', () => {
    const essay = content({ type: 'essay', body: { wordLimit: 300 }, key: {} });
    expect(gradeQuestion(essay, { html: '<p>My essay</p>' }, 5)).toEqual({
      score: 0,
      maxScore: 5,
      correct: null,
      needsManual: true,
    });
    const manual = content({ type: 'short_answer', body: {}, key: { mode: 'manual' } });
    expect(gradeQuestion(manual, { text: 'anything' }, 2)).toMatchObject({ needsManual: true, correct: null });
  });

  it('refuses a response of the wrong shape for its type', () => {
    const tf = content({ type: 'true_false', body: {}, key: { answer: true } });
    expect(() => gradeQuestion(tf, { answer: 'yes' }, 1)).toThrow(ResponseShapeError);
    const numeric = content({ type: 'numeric', body: {}, key: { answers: [{ value: 1 }] } });
    expect(() => gradeQuestion(numeric, { value: '1' }, 1)).toThrow(ResponseShapeError);
    const mc = content({ type: 'multiple_choice', body: { choices: abcd }, key: { correct: ['a'] } });
    expect(() => gradeQuestion(mc, { chosen: 'a' }, 1)).toThrow(ResponseShapeError);
  });
});

describe('question contents', () => {
  it.each([
    [
      'a single-answer choice question with two correct choices',
      { type: 'multiple_choice', body: { choices: abcd }, key: { correct: ['a', 'b'] } },
    ],
    ['a key naming an unknown choice', { type: 'multiple_choice', body: { choices: abcd }, key: { correct: ['x'] } }],
    [
      'repeated choice ids',
      {
        type: 'multiple_choice',
        body: {
          choices: [
            { id: 'a', text: 'A' },
            { id: 'a', text: 'B' },
          ],
        },
        key: { correct: ['a'] },
      },
    ],
    [
      'blanks that do not match the key',
      { type: 'fill_blank', body: { sentence: 'No blank here' }, key: { blanks: [{ accepted: ['x'] }] } },
    ],
    [
      'an automatic short answer without answers',
      { type: 'short_answer', body: {}, key: { mode: 'auto', accepted: [] } },
    ],
    [
      'a matching prompt without an option',
      { type: 'matching', body: { prompts: abcd.slice(0, 2), options: abcd.slice(2) }, key: { pairs: { a: 'c' } } },
    ],
    ['an order missing an item', { type: 'ordering', body: { items: abcd }, key: { order: ['a', 'b', 'c'] } }],
    ['a numeric range upside down', { type: 'numeric', body: {}, key: { answers: [{ min: 5, max: 1 }] } }],
    [
      'a numeric key without a full-credit answer',
      { type: 'numeric', body: {}, key: { answers: [{ value: 1, weight: 50 }] } },
    ],
    [
      'choice text with a NUL byte',
      {
        type: 'multiple_choice',
        body: {
          choices: [
            { id: 'a', text: 'A\u0000' },
            { id: 'b', text: 'B' },
          ],
        },
        key: { correct: ['a'] },
      },
    ],
    ['an unknown type', { type: 'hotspot', body: {}, key: {} }],
  ])('refuses %s', (_label, input) => {
    expect(QuestionContentSchema.safeParse(input).success).toBe(false);
  });

  it('serves a question for taking without any key or feedback field', () => {
    const KEY_FIELDS = [
      'key',
      'correct',
      'weights',
      'choiceFeedback',
      'accepted',
      'answer',
      'answers',
      'pairs',
      'order',
      'feedback',
    ];
    const questions = [
      content({
        type: 'multiple_choice',
        body: { choices: abcd },
        key: { correct: ['a'], choiceFeedback: { a: 'yes' } },
      }),
      content({ type: 'true_false', body: {}, key: { answer: true } }),
      content({ type: 'fill_blank', body: { sentence: '[[1]]' }, key: { blanks: [{ accepted: ['x'] }] } }),
      content({ type: 'short_answer', body: {}, key: { mode: 'auto', accepted: ['x'] } }),
      content({ type: 'essay', body: {}, key: {} }),
      content({
        type: 'matching',
        body: { prompts: abcd.slice(0, 2), options: abcd.slice(2) },
        key: { pairs: { a: 'c', b: 'd' } },
      }),
      content({ type: 'ordering', body: { items: abcd }, key: { order: ['a', 'b', 'c', 'd'] } }),
      content({ type: 'numeric', body: {}, key: { answers: [{ value: 1 }] } }),
    ];
    for (const question of questions) {
      const full = {
        id: '00000000-0000-4000-8000-000000000001',
        title: 'Q',
        prompt: '<p>Q</p>',
        points: 1,
        hint: '',
        feedback: { general: 'g', correct: 'c', incorrect: 'i' },
        content: question,
      };
      const served = QuestionForTakingSchema.parse(full);
      const fields: string[] = [];
      JSON.stringify(served, (name, value: unknown) => {
        fields.push(name);
        return value;
      });
      expect(
        fields.filter((name) => KEY_FIELDS.includes(name)),
        question.type,
      ).toEqual([]);
      expect(served.content.type).toBe(question.type);
    }
  });
});
