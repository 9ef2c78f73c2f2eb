import type { QtiImportReport } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { QtiImportPreview } from './import-qti-modal';

const report: QtiImportReport = {
  dryRun: true,
  source: 'package',
  questions: [
    {
      file: 'items/q1.xml',
      identifier: 'q1',
      type: 'multiple_choice',
      title: 'Red planet',
      points: 1,
      duplicate: true,
    },
    { file: 'items/q2.xml', identifier: 'q2', type: 'numeric', title: 'Gravity', points: 1, duplicate: false },
  ],
  refused: [
    {
      file: 'items/map.xml',
      identifier: 'map',
      reason: "hotspotInteraction: not a question type Lyceum's bank has",
    },
  ],
  notices: [],
  createdIds: [],
};

describe('the QTI import preview', () => {
  it('lists the items found with their file and type, marking those already in the bank', () => {
    renderWithApp(<QtiImportPreview report={report} />);
    expect(screen.getByRole('heading', { name: '2 questions found' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'items/q1.xml',
      'items/q2.xml',
    ]);
    expect(rows.map((row) => within(row).queryByText('Already in the bank') !== null)).toEqual([true, false]);
  });

  it('says which item was refused, in which file, and why; no notes section when there are none', () => {
    renderWithApp(<QtiImportPreview report={report} />);
    const refused = screen.getByRole('region', { name: '1 item refused' });
    expect(refused).toHaveTextContent("items/map.xml (map) hotspotInteraction: not a question type Lyceum's bank has");
    expect(screen.queryByRole('region', { name: /note/ })).toBeNull();
  });
});
