import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import spanish from '../form/locales/es.json';
import { CourseForm } from './course-form';

// The whole form with its lazy editor, as course-form.test.tsx renders it.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSpanishForm() {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>());
  renderWithApp(<CourseForm listHref="/teacher/coursesList" />, {
    route: '/teacher/add-course',
    locale: 'es',
    messages: spanish,
  });
}

describe('the course form in the school’s language', () => {
  it('names every part, list and button in Spanish', () => {
    renderSpanishForm();
    expect(screen.getByRole('form', { name: 'Añadir un curso' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Datos generales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contenido del curso' })).toBeInTheDocument();
    const tags = screen.getByRole('group', { name: 'Etiquetas' });
    expect(within(tags).getByRole('textbox', { name: 'Etiquetas 1' })).toHaveAttribute(
      'placeholder',
      'p. ej. javascript',
    );
    expect(within(tags).getByRole('button', { name: 'Añadir una entrada a Etiquetas' })).toHaveTextContent('Añadir');
    expect(screen.getByLabelText('Nivel', { selector: 'input' })).toHaveValue('Todos los niveles');
  });
});
