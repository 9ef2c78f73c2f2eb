import { richTextStarterKit } from '@/lib/rich-text-starter-kit';
import { Indent } from './indent-extension';

/**
 * The About Course editor's Tiptap setup (spec §9): the rich-text base (lib/rich-text-starter-kit.ts: headings 1–3,
 * undo history of 100 steps, safe links) and ql-indent-N indentation up to 8 levels. Everything it writes is inside
 * the server's allowlist (ADR 005).
 */
export function aboutEditorExtensions() {
  return [richTextStarterKit(), Indent];
}
