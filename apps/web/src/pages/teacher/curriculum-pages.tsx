import { CurriculumEditorPage, LessonEditorPage } from '../curriculum-editor-pages';

export function TeacherCurriculumPage() {
  return <CurriculumEditorPage role="teacher" />;
}

export function TeacherLessonEditorPage() {
  return <LessonEditorPage role="teacher" />;
}
