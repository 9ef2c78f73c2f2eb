import { RICH_TEXT, indentClass, indentLevelOf } from '@lyceum/contract/constants';
import { Extension, type CommandProps } from '@tiptap/react';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** Indents the selected blocks one level (at most RICH_TEXT.maxIndent). */
      indent: () => ReturnType;
      /** Takes the selected blocks back one level (not below 0). */
      outdent: () => ReturnType;
    };
  }
}

export interface IndentOptions {
  /** Node types that carry an indent. */
  types: string[];
  maxLevel: number;
}

/** Containers whose paragraphs are indented through the container (`<li class="ql-indent-1"><p>`). */
const CONTAINERS = ['listItem', 'blockquote'];

/**
 * Indentation as the server keeps it (docs/decisions/005): `class="ql-indent-N"`, N = 1..8, on a paragraph,
 * heading, list item or blockquote — the markup the v1 client's Quill writes, so content from either client reads
 * back into this editor with its indents.
 */
export const Indent = Extension.create<IndentOptions>({
  name: 'indent',

  addOptions() {
    return { types: ['paragraph', 'heading', ...CONTAINERS], maxLevel: RICH_TEXT.maxIndent };
  },

  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => indentLevelOf(element.getAttribute('class')),
            renderHTML: (attributes) => {
              const className = indentClass(Number(attributes.indent) || 0);
              return className ? { class: className } : {};
            },
          },
        },
      },
    ];
  },

  addCommands() {
    const { types, maxLevel } = this.options;
    const shift =
      (delta: 1 | -1) =>
      () =>
      ({ state, tr, dispatch }: CommandProps) => {
        const { from, to } = state.selection;
        // Each selected line's block: the line itself, or the list item / blockquote it sits in.
        const targets = new Map<number, number>();
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (!node.isTextblock) return true;
          const $inside = state.doc.resolve(pos + 1);
          let depth = $inside.depth;
          if (depth > 1 && CONTAINERS.includes($inside.node(depth - 1).type.name)) depth -= 1;
          const block = $inside.node(depth);
          if (types.includes(block.type.name)) targets.set($inside.before(depth), Number(block.attrs.indent) || 0);
          return false;
        });
        let changed = false;
        for (const [pos, current] of targets) {
          const next = Math.min(Math.max(current + delta, 0), maxLevel);
          if (next === current) continue;
          changed = true;
          const node = tr.doc.nodeAt(pos);
          if (dispatch && node) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
        }
        return changed;
      };
    return { indent: shift(1), outdent: shift(-1) };
  },

  addKeyboardShortcuts() {
    // Tab stays the way out of the editor for keyboard users; indenting has its own keys.
    return {
      'Mod-]': () => this.editor.commands.indent(),
      'Mod-[': () => this.editor.commands.outdent(),
    };
  },
});
