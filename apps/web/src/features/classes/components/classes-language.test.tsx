import type { RosterEntry } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import spanish from '../locales/es.json';
import { CreateClassForm } from './create-class-form';
import { JoinClassForm } from './join-class-form';
import { RosterTable } from './roster-table';

const CLASS_ID = '00000000-0000-4000-8000-000000000001';

const student: RosterEntry = {
  studentId: '00000000-0000-4000-8000-000000000002',
  name: 'Lucía Pérez',
  email: 'lucia@lyceum.example',
  joinedAt: '2026-03-01T10:00:00Z',
  progressPercent: 40,
  lastActivityAt: null,
  accommodation: {
    assignmentId: null,
    extraTimeFactor: 1.5,
    extraTimeMinutes: null,
    dueExtensionHours: 48,
    extraAttempts: 1,
  },
  grades: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('the class roster in the school’s language', { timeout: 20_000 }, () => {
  it('shows each student’s accommodation and actions in Spanish, and its dialog too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(JSON.stringify({ items: [student], page: 1, pageSize: 20, total: 1, lastPage: 1 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderWithApp(<RosterTable classId={CLASS_ID} readOnly={false} />, { locale: 'es', messages: spanish });
    expect(
      await screen.findByText('× 1,5 de tiempo · +2 días en las fechas de entrega · +1 intento'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Todavía no')[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar a Lucía Pérez' })).toHaveTextContent('Quitar');
    await userEvent.click(screen.getByRole('button', { name: 'Adaptación para Lucía Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adaptación para Lucía Pérez' });
    expect(within(dialog).getByText(/Se aplica a todas las tareas de esta clase\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Intentos extra' })).toHaveValue('1');
    expect(within(dialog).getByRole('button', { name: 'Quitar la adaptación' })).toBeInTheDocument();
  });

  it('starts a class in Spanish, and says what is missing in Spanish', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    renderWithApp(
      <CreateClassForm
        courses={[{ id: 'c1', title: 'Álgebra', status: 'draft' }]}
        onCreated={() => {}}
        onCancel={() => {}}
      />,
      { locale: 'es', messages: spanish },
    );
    const form = screen.getByRole('form', { name: 'Nueva clase' });
    expect(within(form).getByRole('checkbox', { name: 'Álgebra (borrador)' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Crear la clase' }));
    expect(await within(form).findByText('Ponle un nombre a la clase')).toBeInTheDocument();
    expect(within(form).getByText('Elige al menos un curso')).toBeInTheDocument();
  });

  it('asks a student for the code in Spanish', async () => {
    renderWithApp(<JoinClassForm canJoin onJoined={() => {}} onNeedsAccount={() => {}} />, {
      locale: 'es',
      messages: spanish,
    });
    const form = screen.getByRole('form', { name: 'Unirse a una clase' });
    expect(within(form).getByRole('textbox', { name: 'Código de acceso' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Unirme a la clase' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Escribe el código que te dio tu docente');
  });
});
