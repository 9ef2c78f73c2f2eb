import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardSensorProps,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { createContext, useContext, useRef, type ReactNode } from 'react';
import { useIntl } from '@/i18n/intl';
import { curriculumEditorMessages as messages } from './messages';

const HandleContext = createContext<ReactNode>(null);

/** What SteadyKeyboardSensor reaches inside dnd-kit's KeyboardSensor (6.3.1; private in its types). */
interface KeyboardSensorInternals {
  listeners: { add: (...args: unknown[]) => void };
  detach: () => void;
}

/**
 * dnd-kit's KeyboardSensor starts listening for keys one task after the pick-up. A resize or a tab switch in between
 * cancels the drag first, and the listener is then added anyway, to a sensor nobody ends: from then on it drops every
 * new pick-up on the same Space that starts it, and the keyboard can no longer move anything until a reload.
 * This sensor adds no listener once it has been detached.
 */
class SteadyKeyboardSensor extends KeyboardSensor {
  constructor(props: KeyboardSensorProps) {
    super(props);
    const inner = this as unknown as KeyboardSensorInternals;
    const { listeners } = inner;
    const add = listeners.add.bind(listeners);
    const detach = inner.detach.bind(this);
    let detached = false;
    listeners.add = (...args) => {
      if (!detached) add(...args);
    };
    inner.detach = () => {
      detached = true;
      detach();
    };
  }
}

/**
 * The drag handle of the surrounding sortable row: a real button, focusable, that picks the row up with the
 * pointer or with Space/Enter (then arrows, Space/Enter to drop, Escape to cancel).
 */
export function DragHandle() {
  return useContext(HandleContext);
}

function SortableRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const t = useIntl().formatMessage;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      variant="subtle"
      color="gray.7"
      size="lg"
      aria-label={t(messages.moveHandle, { label })}
      style={{ cursor: 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        listStyle: 'none',
      }}
      data-dragging={isDragging || undefined}
    >
      <HandleContext.Provider value={handle}>{children}</HandleContext.Provider>
    </li>
  );
}

export interface SortableListProps<T> {
  /** Names a row of the list for the announcements, e.g. "section" or "lesson", in the page's language. */
  noun: string;
  items: readonly T[];
  idOf: (item: T) => string;
  /** How a row is announced and its handle named, e.g. "section “Week 1”", in the page's language. */
  labelOf: (item: T) => string;
  /** A row was dropped at another place (0-based indices in this list). */
  onMove: (item: T, from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** The list element's accessible name. */
  'aria-label': string;
}

/**
 * A vertical list reordered by drag and drop or by keyboard (dnd-kit's sortable preset), with announcements a
 * screen reader reads at each step: where the row was picked up, where it is now, where it was dropped.
 */
export function SortableList<T>({
  noun,
  items,
  idOf,
  labelOf,
  onMove,
  renderItem,
  'aria-label': ariaLabel,
}: SortableListProps<T>) {
  const t = useIntl().formatMessage;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(SteadyKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const indexOf = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : ids.indexOf(String(id)));
  const labelAt = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item ? labelOf(item) : noun;
  };
  const total = items.length;
  const lastOver = useRef<UniqueIdentifier | undefined>(undefined);

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t(messages.pickedUp, { label: labelAt(active.id), position: indexOf(active.id) + 1, total });
    },
    onDragOver: ({ active, over }) => {
      // The first "over" is the row's own place: the pick-up announcement says that already.
      if (over?.id === lastOver.current) return undefined;
      lastOver.current = over?.id;
      return over
        ? t(messages.movedPosition, { label: labelAt(active.id), position: indexOf(over.id) + 1, total })
        : t(messages.notOver, { label: labelAt(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t(messages.dropped, { label: labelAt(active.id), position: indexOf(over.id) + 1, total })
        : t(messages.droppedStays, { label: labelAt(active.id), position: indexOf(active.id) + 1, total }),
    onDragCancel: ({ active }) =>
      t(messages.cancelled, { label: labelAt(active.id), position: indexOf(active.id) + 1, total }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    const item = items[from];
    if (item === undefined || from < 0 || to < 0) return;
    onMove(item, from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t(messages.dragInstructions) } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul aria-label={ariaLabel} style={{ margin: 0, padding: 0, display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
          {items.map((item, index) => (
            <SortableRow key={idOf(item)} id={idOf(item)} label={labelOf(item)}>
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
