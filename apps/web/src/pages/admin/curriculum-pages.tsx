import { CurriculumEditorPage, LessonEditorPage } from '../curriculum-editor-pages';

export function AdminCurriculumPage() {
  return <CurriculumEditorPage role="admin" />;
}

export function AdminLessonEditorPage() {
  return <LessonEditorPage role="admin" />;
}
