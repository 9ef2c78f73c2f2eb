import type { ImportReport } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ImportPreview } from './import-gift-modal';

const report: ImportReport = {
  dryRun: true,
  questions: [
    { line: 1, type: 'true_false', title: 'Sunrise', points: 1, tags: [], duplicate: true },
    { line: 3, type: 'multiple_choice', title: 'Capital of France', points: 1, tags: [], duplicate: true },
    { line: 5, type: 'numeric', title: 'Pi', points: 1, tags: [], duplicate: false },
  ],
  refused: [
    {
      line: 7,
      text: '::Food:: Which animal eats which food? { =cat -> cat food =dog dog food }',
      reason: 'The matching pair “dog dog food” has no “->”: write each pair as =item -> match.',
    },
  ],
  notices: [
    {
      line: 9,
      text: 'An introduction to the next questions.',
      message: 'Left out: text without answers is a description in Moodle, and the bank holds only questions.',
    },
  ],
  createdIds: [],
};

describe('the GIFT import preview', () => {
  it('warns that questions already in the bank would be added again, and marks each of them', () => {
    renderWithApp(<ImportPreview report={report} />);
    expect(screen.getByRole('heading', { name: '3 questions found' })).toBeInTheDocument();
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent("Already in this course's bank");
    expect(warning).toHaveTextContent(
      "2 questions of 3 are already in this course's bank, with the same type and text. Importing adds them again",
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByText('Already in the bank') !== null)).toEqual([true, true, false]);
  });

  it("says what was refused and what was left out in the teacher's words, with the line as written", () => {
    renderWithApp(<ImportPreview report={report} />);
    const refused = screen.getByRole('region', { name: '1 part refused' });
    expect(refused).toHaveTextContent(
      'Line 7: The matching pair “dog dog food” has no “->”: write each pair as =item -> match.',
    );
    expect(refused).toHaveTextContent('{ =cat -> cat food =dog dog food }');
    const notes = screen.getByRole('region', { name: '1 note' });
    expect(notes).toHaveTextContent('Line 9: Left out: text without answers is a description in Moodle');
  });

  it('shows no warning when nothing is in the bank yet, nor for an older report without notices', () => {
    const { notices: _notices, ...older } = report;
    renderWithApp(
      <ImportPreview
        report={{ ...older, questions: report.questions.map(({ duplicate: _d, ...question }) => question) }}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Already in the bank')).toBeNull();
    expect(screen.queryByRole('region', { name: /note/ })).toBeNull();
  });
});
