/**
 * Unsaved changes anywhere in the console: a form with changes not saved says so
 * (useUnsavedChanges), and leaving then asks first: the browser before the window closes or
 * reloads, the layout (app/LeaveGuard.tsx) before a navigation inside the console (Back, Forward,
 * a link), with the same question as the editor's own Escape and Cancel (leaveQuestion).
 */
import { useEffect, useId } from 'react';
import { create } from 'zustand';

/** The question asked before unsaved changes are dropped. */
export const leaveQuestion = {
  title: 'Unsaved changes',
  message: 'Your changes are not saved. Leave without saving them?',
  confirmLabel: 'Leave without saving',
};

const useUnsaved = create<{ holders: ReadonlySet<string> }>(() => ({ holders: new Set() }));

function mark(id: string, unsaved: boolean) {
  const { holders } = useUnsaved.getState();
  if (holders.has(id) === unsaved) return;
  const next = new Set(holders);
  if (unsaved) next.add(id);
  else next.delete(id);
  useUnsaved.setState({ holders: next });
}

/** Whether any form of the console has unsaved changes now. */
export const hasUnsavedChanges = () => useUnsaved.getState().holders.size > 0;

/** Says, while `unsaved` is true (and the form is shown), that leaving would drop changes. */
export function useUnsavedChanges(unsaved: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!unsaved) return;
    mark(id, true);
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
      mark(id, false);
    };
  }, [id, unsaved]);
}
