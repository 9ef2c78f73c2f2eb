import type { AdminUser, AdminUserDetails } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authReducer, LOGGED_OUT } from '@/lib/auth/auth-reducer';
import { decodeSessionToken } from '@/lib/auth/token';
import { renderWithApp } from '@/test/render';
import { makeToken, STUDENT } from '@/test/tokens';
import arabic from '../locales/ar.json';
import spanish from '../locales/es.json';
import { UserManagement } from './user-management';

const ADMIN = { ...STUDENT, id: '0b5a3c1e-9d7f-4e2a-8b6c-1d2e3f4a5b6c', role: 'admin' as const, firstname: 'Ada' };

function adminSession() {
  const token = makeToken({}, ADMIN);
  window.localStorage.setItem('token', token);
  const payload = decodeSessionToken(token);
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

const teacher: AdminUser = {
  id: '5d1c7a2e-3b4f-4a6d-9e8f-7a6b5c4d3e2f',
  firstname: 'Grace',
  lastname: 'Hopper',
  username: 'grace',
  profileImage: null,
  role: 'teacher',
  email: 'grace@example.com',
  phone: '',
  status: 'active',
  createdAt: '2026-03-05T10:00:00.000Z',
  courseCount: 2,
};

const details: AdminUserDetails = {
  profile: {
    id: teacher.id,
    firstname: 'Grace',
    lastname: 'Hopper',
    username: 'grace',
    profileImage: null,
    role: 'teacher',
    email: 'grace@example.com',
    phone: '',
    expertise: '',
    pincode: '',
    address: '',
    city: 'Madrid',
    country: '',
    aboutInfo: '',
    personalWebsite: '',
    githubProfile: '',
    status: 'active',
    timeZone: null,
    language: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
  },
  enrolments: { items: [], total: 0 },
  courses: {
    items: [
      {
        id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        title: 'Álgebra',
        category: 'Mathematics',
        status: 'draft',
        enrolledCount: 3,
        updatedAt: '2026-03-06T10:00:00.000Z',
      },
    ],
    total: 1,
  },
  reviews: { items: [], total: 0 },
  questions: { items: [], total: 4 },
  answers: { items: [], total: 1 },
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/admin/users?')) return json({ items: [teacher], page: 1, pageSize: 20, total: 1 });
      return json(details);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the teacher list in the school’s language', { timeout: 20_000 }, () => {
  it('shows the table, an account action’s confirmation and the details drawer in Spanish', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithApp(<UserManagement role="teacher" />, {
      route: '/admin/teacher-list',
      auth: adminSession(),
      locale: 'es',
      messages: spanish,
    });
    expect(await screen.findByText('1 docente')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar docentes' })).toHaveAttribute(
      'placeholder',
      'Nombre, nombre de usuario o correo',
    );
    const table = screen.getByRole('table');
    for (const header of ['Nombre', 'Correo electrónico', 'Alta', 'Cursos', 'Estado', 'Acciones'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(table).getAllByText('Activa')[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acciones para Grace Hopper' }));
    expect(await screen.findByRole('menuitem', { name: 'Hacer estudiante' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Suspender' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Suspender a Grace Hopper?' });
    expect(within(confirm).getByText(/hasta que reactives la cuenta/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));

    await user.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    const drawer = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(await within(drawer).findByRole('heading', { name: 'Perfil' })).toBeInTheDocument();
    expect(within(drawer).getByText('Docente')).toBeInTheDocument();
    expect(within(drawer).getByRole('group', { name: 'Acciones de la cuenta' })).toBeInTheDocument();
    expect(within(drawer).getByText(/Borrador · 3 inscritos · actualizado el/)).toBeInTheDocument();
    expect(within(drawer).getByRole('heading', { name: 'Reseñas de sus cursos' })).toBeInTheDocument();
    expect(within(drawer).getByText('4 preguntas · 1 respuesta')).toBeInTheDocument();
    expect(within(drawer).getByText('Código postal')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Cerrar los detalles del usuario' })).toBeInTheDocument();
  });

  it('counts in Arabic with its plural forms', async () => {
    stubApi();
    renderWithApp(<UserManagement role="teacher" />, {
      route: '/admin/teacher-list',
      auth: adminSession(),
      locale: 'ar',
      messages: arabic,
    });
    expect(await screen.findByText('معلّم واحد')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'البحث في المعلّمين' })).toBeInTheDocument();
  });
});
