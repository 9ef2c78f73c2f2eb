import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import esMessages from '../locales/es.json';
import { StudentDateOfBirth } from './student-date-of-birth';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe("the admin's record of a student's date of birth", { timeout: 20_000 }, () => {
  it('says the school decides until a date 18 years back is saved, then that the student does', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        expect(String(input)).toBe('/api/students/s1/date-of-birth');
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json(200, { dateOfBirth: '2008-01-15', adult: true, allAdults: false });
        }
        return json(200, { dateOfBirth: null, adult: false, allAdults: false });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<StudentDateOfBirth studentId="s1" />, { route: '/admin/students' });
    const section = await screen.findByRole('region', { name: 'Date of birth' });
    expect(await within(section).findByRole('status')).toHaveTextContent('Under 18, or no date recorded');
    fireEvent.change(within(section).getByLabelText('Date of birth'), { target: { value: '2008-01-15' } });
    await user.click(within(section).getByRole('button', { name: 'Save date of birth' }));
    expect(await screen.findByText('Date of birth saved')).toBeInTheDocument();
    expect(puts).toEqual([{ dateOfBirth: '2008-01-15' }]);
    expect(within(section).getByRole('status')).toHaveTextContent('18 or older: this student decides');
    expect(within(section).getByLabelText('Date of birth')).toHaveValue('2008-01-15');
  });

  it('tells the setting that makes every student an adult, in Spanish; an empty date removes it', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (_input, init) => {
        if (init?.method === 'PUT') puts.push(JSON.parse(String(init.body)));
        return json(200, { dateOfBirth: init?.method === 'PUT' ? null : '2010-05-01', adult: true, allAdults: true });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<StudentDateOfBirth studentId="s1" />, {
      route: '/admin/students',
      locale: 'es',
      messages: esMessages,
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('El ajuste de alumnos adultos del centro está activado');
    fireEvent.change(screen.getByLabelText('Fecha de nacimiento', { selector: 'input' }), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Guardar fecha de nacimiento' }));
    await screen.findByText('Fecha de nacimiento guardada');
    expect(puts).toEqual([{ dateOfBirth: null }]);
  });
});
