import type { OutlineItem, OutlineSection } from '@lyceum/contract';

/** A dialog the editor has open: at most one at a time. */
export type Dialog =
  | { kind: 'rename'; section: OutlineSection }
  | { kind: 'delete-section'; section: OutlineSection }
  | { kind: 'delete-item'; item: OutlineItem }
  | { kind: 'move-item'; item: OutlineItem; from: OutlineSection }
  | null;
