import type { GuardianSummarySettings } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import arMessages from '../locales/ar.json';
import { SummarySettings } from './summary-settings';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ADA = { id: 'c1', firstname: 'Ada', lastname: 'Lovelace', username: 'ada', linkedAt: '2026-12-01T10:00:00Z' };
const BYRON = {
  id: 'c2',
  firstname: 'Byron',
  lastname: 'Lovelace',
  username: 'byron',
  linkedAt: '2026-12-01T10:00:00Z',
};

/** The server: the guardian's two children, the settings as stored; every PUT body kept in `saved`. */
function server(stored: GuardianSummarySettings, saved: unknown[] = []) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url === '/api/guardian/children') return json(200, { items: [ADA, BYRON] });
    if (url === '/api/guardian/summary-settings' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as GuardianSummarySettings;
      saved.push(body);
      return json(200, body);
    }
    if (url === '/api/guardian/summary-settings') return json(200, stored);
    return json(404, { message: 'Not found' });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the guardian's weekly summary settings", { timeout: 20_000 }, () => {
  it('starts from what is stored, mutes a child with the keyboard and saves both choices in one PUT', async () => {
    const saved: unknown[] = [];
    vi.stubGlobal('fetch', server({ weeklySummary: true, mutedStudentIds: ['c2'] }, saved));
    const user = userEvent.setup();
    renderWithApp(<SummarySettings />, { route: '/guardian/dashboard' });
    const section = await screen.findByRole('region', { name: 'Weekly summary e-mail' });
    const on = await within(section).findByRole('switch', { name: 'Receive the weekly summary' });
    expect(on).toBeChecked();
    const children = within(section).getByRole('group', { name: 'Children in the summary' });
    const ada = within(children).getByRole('checkbox', { name: 'Include Ada Lovelace' });
    const byron = within(children).getByRole('checkbox', { name: 'Include Byron Lovelace' });
    expect(ada).toBeChecked();
    expect(byron).not.toBeChecked();

    // Keyboard only: Ada out, Byron in.
    ada.focus();
    await user.keyboard(' ');
    await user.tab();
    expect(byron).toHaveFocus();
    await user.keyboard(' ');
    await user.click(within(section).getByRole('button', { name: 'Save summary settings' }));
    expect(await screen.findByText('Summary settings saved')).toBeInTheDocument();
    expect(saved).toEqual([{ weeklySummary: true, mutedStudentIds: ['c1'] }]);
  });

  it('turning the summary off leaves the children as chosen but not editable; saved off', async () => {
    const saved: unknown[] = [];
    vi.stubGlobal('fetch', server({ weeklySummary: true, mutedStudentIds: [] }, saved));
    const user = userEvent.setup();
    renderWithApp(<SummarySettings />, { route: '/guardian/dashboard' });
    await user.click(await screen.findByRole('switch', { name: 'Receive the weekly summary' }));
    expect(screen.getByRole('checkbox', { name: 'Include Ada Lovelace' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save summary settings' }));
    await screen.findByText('Summary settings saved');
    expect(saved).toEqual([{ weeklySummary: false, mutedStudentIds: [] }]);
  });

  it('reads in Arabic', async () => {
    vi.stubGlobal('fetch', server({ weeklySummary: false, mutedStudentIds: [] }));
    renderWithApp(<SummarySettings />, { route: '/guardian/dashboard', locale: 'ar', messages: arMessages });
    expect(await screen.findByRole('switch', { name: 'تلقّي الملخص الأسبوعي' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'حفظ إعدادات الملخص' })).toBeInTheDocument();
  });
});
