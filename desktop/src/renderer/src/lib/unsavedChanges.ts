/**
 * Unsaved changes anywhere in the console: a form with changes not saved says so
 * (useUnsavedChanges), and leaving then asks first: the browser before the window closes or
 * reloads, the layout (app/LeaveGuard.tsx) before a navigation inside the console (Back, Forward,
 * a link), with the same question as the editor's own Escape and Cancel (leaveQuestion).
 */
import { useEffect, useId } from 'react';

/** The question asked before unsaved changes are dropped. */
export const leaveQuestion = {
  title: 'Unsaved changes',
  message: 'Your changes are not saved. Leave without saving them?',
  confirmLabel: 'Leave without saving',
};

/** The forms with unsaved changes now (read when a navigation starts: nothing renders from it). */
const unsavedForms = new Set<string>();

/** Whether any form of the console has unsaved changes now. */
export const hasUnsavedChanges = () => unsavedForms.size > 0;

/** Says, while `unsaved` is true (and the form is shown), that leaving would drop changes. */
export function useUnsavedChanges(unsaved: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!unsaved) return;
    unsavedForms.add(id);
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
      unsavedForms.delete(id);
    };
  }, [id, unsaved]);
}
