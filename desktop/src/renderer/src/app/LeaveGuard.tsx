import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { hasUnsavedChanges, leaveQuestion } from '../lib/unsavedChanges';

/**
 * A navigation inside the console (Back, Forward, a link) while a form has unsaved changes asks
 * first; staying keeps the page as it was. Its question comes above any dialog open (an editor).
 */
export function LeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges(),
  );
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      {...leaveQuestion}
      aboveAll
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
