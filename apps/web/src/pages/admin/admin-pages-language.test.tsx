import type { AdminDashboard } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import courseAdminSpanish from '@/features/courses/admin/locales/es.json';
import dashboardSpanish from '@/features/dashboard/locales/es.json';
import { authReducer, LOGGED_OUT } from '@/lib/auth/auth-reducer';
import { decodeSessionToken } from '@/lib/auth/token';
import { renderWithApp } from '@/test/render';
import { makeCourseCard } from '@/test/courses';
import { makeToken, STUDENT } from '@/test/tokens';
import staffSpanish from '../staff/locales/es.json';
import { AdminCoursesListPage } from './courses-list-page';
import { AdminCurriculumPage } from './curriculum-pages';
import { AdminDashboardPage } from './dashboard-page';
import pagesSpanish from './locales/es.json';
import { AdminTeacherListPage } from './teacher-list-page';

const ADMIN = { ...STUDENT, id: '0b5a3c1e-9d7f-4e2a-8b6c-1d2e3f4a5b6c', role: 'admin' as const, firstname: 'Ada' };

function adminSession() {
  const token = makeToken({}, ADMIN);
  window.localStorage.setItem('token', token);
  const payload = decodeSessionToken(token);
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

const dashboard: AdminDashboard = {
  students: 1200,
  teachers: 12,
  publishedCourses: 8,
  draftCourses: 2,
  activeEnrolments: 300,
  completedEnrolments: 40,
  reviews: 5,
  forumQuestions: 6,
  forumAnswers: 7,
  signUpsLast7Days: 3,
  signUpsLast30Days: 9,
  daily: [{ date: '2026-12-07', signUps: 1, enrolments: 2 }],
  inProgressCourses: [
    {
      id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      title: 'Álgebra',
      category: 'Mathematics',
      teacher: {
        id: '5d1c7a2e-3b4f-4a6d-9e8f-7a6b5c4d3e2f',
        firstname: 'Grace',
        lastname: 'Hopper',
        username: 'grace',
        profileImage: null,
        role: 'teacher',
      },
      activeEnrolments: 1,
      completedEnrolments: 4,
    },
  ],
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the admin area’s pages in the school’s language', { timeout: 20_000 }, () => {
  it('shows the dashboard’s heading, greeting, counters and busiest courses in Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(dashboard)),
    );
    renderWithApp(<AdminDashboardPage />, {
      route: '/admin/dashboard',
      auth: adminSession(),
      locale: 'es',
      messages: { ...pagesSpanish, ...dashboardSpanish },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Panel' })).toBeInTheDocument();
    expect(await screen.findByText('Estudiantes')).toBeInTheDocument();
    // The first name is isolated in a <bdi>: the sentence is the paragraph's whole text.
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' && element.textContent === 'Hola de nuevo, Ada. Así va Lyceum de un vistazo.',
      ),
    ).toBeInTheDocument();
    for (const label of ['Docentes', 'Cursos en borrador', 'Inscripciones activas', 'Registros, últimos 30 días'])
      expect(screen.getByText(label)).toBeInTheDocument();
    const busiest = screen.getByRole('region', { name: 'Cursos en curso' });
    expect(within(busiest).getByText('1 activa')).toBeInTheDocument();
    expect(
      within(busiest).getByRole('progressbar', {
        name: 'Álgebra: inscripciones activas: 1; completadas: 4',
      }),
    ).toBeInTheDocument();
  });

  it('heads the teacher list in Spanish', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ items: [], page: 1, pageSize: 20, total: 0 })),
    );
    renderWithApp(<AdminTeacherListPage />, {
      route: '/admin/teacher-list',
      auth: adminSession(),
      locale: 'es',
      messages: pagesSpanish,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Lista de docentes' })).toBeInTheDocument();
    expect(screen.getByText(/Todas las cuentas de docente/)).toBeInTheDocument();
  });

  it('shows the course list, its filters, row actions and the unpublish confirmation in Spanish', async () => {
    const course = makeCourseCard({ title: 'Álgebra', status: 'published', enrolledCount: 3 });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ items: [course], page: 1, pageSize: 20, total: 1, lastPage: 1 })),
    );
    const user = userEvent.setup();
    renderWithApp(<AdminCoursesListPage />, {
      route: '/admin/courses',
      auth: adminSession(),
      locale: 'es',
      messages: { ...pagesSpanish, ...courseAdminSpanish },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Cursos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Añadir curso' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'Filtrar cursos' });
    expect(within(filters).getByRole('searchbox', { name: 'Buscar' })).toHaveAttribute(
      'placeholder',
      'Título, tema o etiqueta',
    );
    expect(await screen.findByText('1 curso')).toBeInTheDocument();
    const table = screen.getByRole('table');
    for (const header of ['Curso', 'Estado', 'Inscritos', 'Última actualización'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Temario de Álgebra' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Eliminar Álgebra' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Despublicar Álgebra' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Despublicar este curso?' });
    expect(
      within(dialog).getByText(
        '«Álgebra» sale del catálogo y de las listas de deseos de los estudiantes. Sus 3 estudiantes inscritos conservan el acceso de solo lectura.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sí, despublicar' })).toBeInTheDocument();
  });

  it('heads a course’s curriculum in Spanish, with the way back to every course', () => {
    // The course and its curriculum are still on their way: the header does not wait for them.
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise<Response>(() => {})),
    );
    renderWithApp(<AdminCurriculumPage />, {
      route: '/admin/courses/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/curriculum',
      path: '/admin/courses/:id/curriculum',
      auth: adminSession(),
      locale: 'es',
      messages: staffSpanish,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Temario' })).toBeInTheDocument();
    expect(screen.getByText('Secciones y lecciones de este curso.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cursos' })).toHaveAttribute('href', '/admin/coursesList');
    expect(screen.getByRole('link', { name: 'Página del curso' })).toBeInTheDocument();
  });
});
