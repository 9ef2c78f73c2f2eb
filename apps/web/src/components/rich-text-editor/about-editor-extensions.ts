import { RICH_TEXT, isAllowedLinkHref } from '@lyceum/contract/constants';
import StarterKit from '@tiptap/starter-kit';
import { Indent } from './indent-extension';

/**
 * The About Course editor's Tiptap setup (spec §9): headings 1–3, undo history of 100 steps, links only to
 * http, https, mailto and tel (typed, pasted or auto-linked; anything else never becomes a link), and
 * ql-indent-N indentation up to 8 levels. Everything it writes is inside the server's allowlist (ADR 005).
 */
export function aboutEditorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [...RICH_TEXT.headingLevels] },
      undoRedo: { depth: RICH_TEXT.undoDepth },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['tel'],
        isAllowedUri: (url) => isAllowedLinkHref(url),
        shouldAutoLink: (url) => isAllowedLinkHref(url),
      },
    }),
    Indent,
  ];
}
