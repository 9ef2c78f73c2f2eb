import type { Curriculum, Lesson } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import curriculumEs from '../locales/es.json';
import editorEs from './locales/es.json';
import { CurriculumEditor } from './curriculum-editor';
import { LessonEditor } from './lesson-editor';

const spanish = { ...curriculumEs, ...editorEs };
const COURSE_ID = '00000000-0000-4000-8000-000000000001';
const SECTION_ID = '00000000-0000-4000-8000-000000000003';
const LESSON_ID = '00000000-0000-4000-8000-000000000002';

const curriculum: Curriculum = {
  courseId: COURSE_ID,
  sequential: false,
  lessonCount: 1,
  totalMinutes: 10,
  viewer: { canEdit: true, enrolled: false, progress: null, resumeItemId: null },
  sections: [
    {
      id: SECTION_ID,
      title: 'Semana 1',
      summary: '',
      version: 1,
      items: [
        {
          id: LESSON_ID,
          kind: 'lesson',
          title: 'Amasar',
          durationMinutes: 10,
          preview: true,
          required: true,
          published: false,
          version: 1,
          locked: false,
          lockReason: null,
          blockedBy: null,
          completed: false,
        },
      ],
    },
  ],
};

const lesson: Lesson = {
  id: LESSON_ID,
  courseId: COURSE_ID,
  sectionId: SECTION_ID,
  kind: 'lesson',
  title: 'Amasar',
  bodyHtml: '',
  videoLink: '',
  durationMinutes: 10,
  preview: false,
  published: false,
  required: true,
  version: 1,
  attachments: [],
  completed: false,
  updatedAt: '2026-11-24T06:00:00.000Z',
};

function serve(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

// jsdom has no `document.fonts`, which Mantine's autosizing Textarea (a section's summary) listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the curriculum editor in the school’s language', { timeout: 20_000 }, () => {
  it('shows the outline, its sections and lessons and their handles in Spanish', async () => {
    serve(curriculum);
    renderWithApp(<CurriculumEditor courseId={COURSE_ID} lessonHref={(id) => `/l/${id}`} />, {
      locale: 'es',
      messages: spanish,
    });
    expect(await screen.findByRole('switch', { name: /Modo secuencial/ })).toBeInTheDocument();
    expect(screen.getByText('1 sección · 1 lección · 10 min')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Sección 1: Semana 1' });
    expect(within(section).getByRole('button', { name: 'Mover la sección «Semana 1»' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Acciones de la lección «Amasar»' })).toBeInTheDocument();
    expect(within(section).getByText('Borrador')).toBeInTheDocument();
    expect(within(section).getByText('Vista previa gratuita')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Añadir la lección' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar todos los borradores (1)' })).toBeInTheDocument();
  });

  it('edits a lesson in Spanish', async () => {
    serve(lesson);
    renderWithApp(<LessonEditor courseId={COURSE_ID} lessonId={LESSON_ID} />, { locale: 'es', messages: spanish });
    expect(await screen.findByRole('textbox', { name: /Título de la lección/ })).toHaveValue('Amasar');
    expect(screen.getByTestId('save-status')).toHaveTextContent('Sin cambios');
    expect(screen.getByRole('button', { name: 'Guardar ahora' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Archivos adjuntos' })).toBeInTheDocument();
  });
});
