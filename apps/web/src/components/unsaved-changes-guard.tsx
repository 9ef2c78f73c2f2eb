import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './confirm-modal';

export interface UnsavedChangesGuardProps {
  /**
   * Whether there is unsaved work. A function is asked at the moment of leaving, so a form that has just saved
   * (and reset its dirty state) and navigates in the same event is not stopped.
   */
  when: boolean | (() => boolean);
  /** What would be lost, e.g. "your changes to this course". */
  what?: string;
}

/**
 * Asks before leaving a page with unsaved work: another page of the app (react-router's blocker, answered by a
 * confirmation modal), and reloading, closing the tab or leaving the site (the browser's own beforeunload prompt).
 */
export function UnsavedChangesGuard({ when, what = 'your changes' }: UnsavedChangesGuardProps) {
  const whenRef = useRef(when);
  useEffect(() => {
    whenRef.current = when;
  });
  const dirty = () => (typeof whenRef.current === 'function' ? whenRef.current() : whenRef.current);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && dirty(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave this page"
      cancelLabel="Stay and keep editing"
      danger
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {`You have not saved ${what}. If you leave now, they are lost.`}
    </ConfirmModal>
  );
}
