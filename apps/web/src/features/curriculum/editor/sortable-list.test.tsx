import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { DragHandle, SortableList } from './sortable-list';

const ROWS = ['Knead', 'Proof', 'Bake'];

function renderList() {
  return renderWithApp(
    <SortableList
      noun="lesson"
      items={ROWS}
      idOf={(row) => row}
      labelOf={(row) => `lesson “${row}”`}
      onMove={() => undefined}
      renderItem={(row) => (
        <div>
          <DragHandle />
          {row}
        </div>
      )}
      aria-label="Lessons"
    />,
  );
}

/** Lets the timers queued by the pick-up (dnd-kit listens for keys from the next task on) run. */
const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('SortableList, keyboard', () => {
  it('picks a row up again after a resize cancelled the previous pick-up before it listened for keys', async () => {
    renderList();
    const handle = screen.getByRole('button', { name: 'Move lesson “Proof”' });
    handle.focus();
    // Space, and the window resizes (a phone turned, a viewport emulated) in the same moment: the pick-up is cancelled.
    act(() => {
      fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
      window.dispatchEvent(new Event('resize'));
    });
    await nextTask();
    expect(handle).not.toHaveAttribute('aria-pressed');

    // The next Space picks the row up, and it stays picked up until the user drops it (twice over).
    for (let time = 0; time < 2; time += 1) {
      act(() => {
        fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
      });
      await nextTask();
      expect(handle).toHaveAttribute('aria-pressed', 'true');
      act(() => {
        fireEvent.keyDown(handle, { key: 'Escape', code: 'Escape' });
      });
      await nextTask();
      expect(handle).not.toHaveAttribute('aria-pressed');
    }
  });
});
