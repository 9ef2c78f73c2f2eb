import type { ImportReport } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import bankEs from '../bank/locales/es.json';
import authoringEs from '../authoring/locales/es.json';
import typesEs from '../question-types/locales/es.json';
import { ImportPreview } from './import-gift-modal';
import { QuestionEditorModal } from './question-editor-modal';

const spanish = { ...bankEs, ...authoringEs, ...typesEs };

// jsdom has no `document.fonts`, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

const report: ImportReport = {
  dryRun: true,
  questions: [
    { line: 1, type: 'true_false', title: 'Amanecer', points: 1, tags: [], duplicate: true },
    { line: 3, type: 'numeric', title: 'Pi', points: 1, tags: [], duplicate: false },
  ],
  refused: [{ line: 7, text: '::X:: { =a -> }', reason: 'Un par sin “->”.' }],
  notices: [],
  createdIds: [],
};

describe('the question bank in the school’s language', () => {
  it('previews a GIFT file in Spanish: what was found, what is already in the bank, what was refused', () => {
    renderWithApp(<ImportPreview report={report} />, { locale: 'es', messages: spanish });
    expect(screen.getByRole('heading', { name: 'Se encontraron 2 preguntas' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 pregunta de 2 ya está en el banco de este curso, con el mismo tipo y texto. Al importar se añade de nuevo',
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Verdadero / falso')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ya en el banco')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '1 parte rechazada' })).toHaveTextContent('Línea 7: Un par sin “->”.');
  });

  it('writes a new question in a Spanish dialog', async () => {
    renderWithApp(<QuestionEditorModal courseId="c" questionId={null} opened onClose={() => {}} />, {
      locale: 'es',
      messages: spanish,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nueva pregunta' });
    expect(within(dialog).getByLabelText('Tipo', { selector: 'input' })).toHaveValue('Opción múltiple');
    expect(within(dialog).getByRole('textbox', { name: 'Pista (opcional)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('toolbar', { name: 'Formato de Enunciado' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Añadir la pregunta' })).toBeInTheDocument();
  });
});
