import type { MyGrades as MyGradesPage } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { MyGrades } from './my-grades';

const COURSE = '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
const column = (title: string, n: number) => ({
  assessmentId: `2d9e5c3a-4f6b-4a7c-9d8e-9f8a7b6c5d4${n}`,
  title,
  kind: 'quiz' as const,
  points: 10,
  countingRule: 'highest' as const,
  dueAt: null,
  anonymous: false,
});
const cell = {
  points: null,
  percent: null,
  pending: false,
  late: false,
  penaltyPoints: 0,
  attempts: 0,
  overridden: false,
  hidden: false,
  started: false,
  released: false,
  releasesAt: null,
};
const page: MyGradesPage = {
  course: { id: COURSE, title: 'Databases' },
  columns: [column('Never begun', 1), column('Begun', 2), column('Held back', 3)],
  cells: [cell, { ...cell, started: true }, { ...cell, started: true, attempts: 1 }],
  weights: {},
  totalPercent: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('My grades (issue 54 point 11)', () => {
  it('says "Not started" for an assessment never started, even when its score is held back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() =>
        Promise.resolve(new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } })),
      ),
    );
    renderWithApp(<MyGrades courseId={COURSE} />);
    const row = async (name: string) => within((await screen.findByText(name)).closest('tr')!);
    expect((await row('Never begun')).getByText('Not started')).toBeTruthy();
    expect((await row('Begun')).getByText('Started, not submitted yet')).toBeTruthy();
    expect((await row('Held back')).getByText('Not released yet')).toBeTruthy();
  });
});
