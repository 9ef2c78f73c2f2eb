import type { Assessment, OutlineSection } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import authoringEs from '../authoring/locales/es.json';
import assessmentsEs from '../locales/es.json';
import { AssessmentSettings } from './assessment-settings';
import { CourseAssessments } from './course-assessments';

const spanish = { ...assessmentsEs, ...authoringEs };
const courseId = '00000000-0000-4000-8000-000000000001';

const section: OutlineSection = {
  id: '00000000-0000-4000-8000-000000000002',
  title: 'Álgebra',
  summary: '',
  version: 1,
  items: [
    {
      id: '00000000-0000-4000-8000-000000000003',
      kind: 'assessment',
      title: 'Ecuaciones',
      durationMinutes: 0,
      preview: false,
      required: false,
      published: false,
      version: 1,
      locked: false,
      lockReason: null,
      blockedBy: null,
      completed: false,
    },
  ],
};

const assessment: Assessment = {
  id: section.items[0]!.id,
  courseId,
  sectionId: section.id,
  kind: 'quiz',
  title: 'Ecuaciones',
  instructions: '',
  points: 10,
  passingPercent: 50,
  timeLimitMinutes: null,
  attemptsAllowed: 1,
  countingRule: 'highest',
  opensAt: null,
  dueAt: null,
  closesAt: null,
  latePenaltyPercentPerDay: 0,
  shuffleQuestions: false,
  shuffleChoices: false,
  layout: 'all',
  releaseScore: 'immediately',
  releaseAnswers: 'after_last_attempt',
  releaseFeedback: 'immediately',
  releasedAt: null,
  anonymousGrading: false,
  requiredForCompletion: 'none',
  hasPassword: false,
  published: false,
  parts: [],
  questionCount: 0,
  attemptCount: 0,
  version: 1,
  updatedAt: '2026-03-01T10:00:00Z',
};

describe('assessment authoring in the school’s language', () => {
  it('lists a course’s assessments and opens the new-assessment dialog in Spanish', async () => {
    renderWithApp(<CourseAssessments courseId={courseId} sections={[section]} editHref={(id) => `/e/${id}`} />, {
      locale: 'es',
      messages: spanish,
    });
    expect(screen.getByText('Borrador')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Editar/ })).toHaveTextContent('Editar Ecuaciones');
    const create = screen.getByRole('button', { name: /^Nueva evaluación/ });
    expect(create).toHaveTextContent('Nueva evaluación en Álgebra');
    await userEvent.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva evaluación en «Álgebra»' });
    expect(within(dialog).getByRole('radio', { name: 'Examen' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Crear y editar' })).toBeInTheDocument();
  });

  it('shows every setting in Spanish, the release timings included', () => {
    renderWithApp(<AssessmentSettings assessment={assessment} courseId={courseId} />, {
      locale: 'es',
      messages: spanish,
    });
    expect(screen.getByRole('group', { name: 'Tiempo e intentos' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Ecuaciones');
    expect(screen.getByLabelText('Las respuestas correctas', { selector: 'input' })).toHaveValue(
      'Tras el último intento o la fecha de cierre',
    );
    expect(
      screen.getByText(/Respuestas correctas: cada estudiante las ve cuando ya no le quedan intentos/),
    ).toBeInTheDocument();
    expect(screen.getByText('Contraseña de acceso')).toHaveTextContent('Contraseña de acceso (ninguna)');
    expect(screen.getByRole('button', { name: 'Guardar la configuración' })).toBeInTheDocument();
  });

  it('stays in English by default', () => {
    renderWithApp(<AssessmentSettings assessment={assessment} courseId={courseId} />);
    expect(screen.getByRole('group', { name: 'Time and attempts' })).toBeInTheDocument();
    expect(screen.getByLabelText('The correct answers', { selector: 'input' })).toHaveValue(
      'After the last attempt or the close date',
    );
    expect(screen.getByText('Access password')).toHaveTextContent('Access password (none)');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeInTheDocument();
  });
});
