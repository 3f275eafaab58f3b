import { createContext, use, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { getDefaultZIndex, Modal, type ModalProps } from '@mantine/core';
import { create } from 'zustand';

/** The dialog a dialog's content belongs to: the layer its own dialogs open above, and how they say they are open. */
interface Layer {
  zIndex: number;
  covered: (open: boolean) => void;
}
const LayerContext = createContext<Layer | null>(null);

/** How many dialogs `aboveAll` are open: they cover every other dialog, wherever it is. */
const useAboveAll = create<{ open: number }>(() => ({ open: 0 }));
const countAboveAll = (step: number) => useAboveAll.setState(({ open }) => ({ open: open + step }));

/**
 * Escape closes the dialog on top alone: the highest layer, then the latest opened. One listener
 * decides for every open dialog, since a dialog's own (Mantine's) would also hear the Escape that
 * opened the question above it, once React has rendered that question within the same keydown.
 */
interface Closable {
  zIndex: number;
  order: number;
  close: () => void;
}
const closables = new Set<Closable>();
let opening = 0;
function closeTopOnEscape(event: KeyboardEvent) {
  const target = event.target instanceof Element ? event.target : null;
  // A menu or combobox open in the dialog takes its Escape first (Mantine marks its own).
  if (event.key !== 'Escape' || event.isComposing || target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
  let top: Closable | undefined;
  for (const c of closables) if (!top || c.zIndex > top.zIndex || (c.zIndex === top.zIndex && c.order > top.order)) top = c;
  top?.close();
}
function closableOnEscape(closable: Closable): () => void {
  if (closables.size === 0) window.addEventListener('keydown', closeTopOnEscape, { capture: true });
  closables.add(closable);
  return () => {
    closables.delete(closable);
    if (closables.size === 0) window.removeEventListener('keydown', closeTopOnEscape, { capture: true });
  };
}

export interface StackedModalProps extends Omit<ModalProps, 'zIndex'> {
  /** Above every other dialog open (a question about leaving the screen, app/LeaveGuard.tsx). */
  aboveAll?: boolean;
}

/**
 * A dialog that may open from another one (the content editor's media picker, schedule dialog and
 * questions): it comes one layer above the dialog whose content opened it, so above it whatever
 * the order of their effects; while it is open, that dialog does not hold the focus and its
 * overlay gives way to this one's, and Escape closes this one alone. Elsewhere it is a plain Modal.
 */
export function StackedModal({
  opened,
  onClose,
  aboveAll = false,
  closeOnEscape = true,
  trapFocus = true,
  withOverlay = true,
  children,
  ...props
}: StackedModalProps) {
  const parent = use(LayerContext);
  const own = aboveAll ? Number(getDefaultZIndex('popover')) : parent ? parent.zIndex + 1 : Number(getDefaultZIndex('modal'));
  const [openAbove, setOpenAbove] = useState(0);
  const layer = useMemo<Layer>(() => ({ zIndex: own, covered: (open) => setOpenAbove((n) => n + (open ? 1 : -1)) }), [own]);
  // Each dialog above keeps the count while it is open, and gives it back even if it unmounts first.
  useEffect(() => {
    if (!parent || !opened) return;
    parent.covered(true);
    return () => parent.covered(false);
  }, [parent, opened]);
  useEffect(() => {
    if (!aboveAll || !opened) return;
    countAboveAll(1);
    return () => countAboveAll(-1);
  }, [aboveAll, opened]);
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!opened || !closeOnEscape) return;
    return closableOnEscape({ zIndex: own, order: ++opening, close });
  }, [opened, closeOnEscape, own]);
  const aboveAllOpen = useAboveAll((s) => s.open > 0);
  const covered = openAbove > 0 || (aboveAllOpen && !aboveAll);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      zIndex={own}
      closeOnEscape={false}
      trapFocus={trapFocus && !covered}
      withOverlay={withOverlay && !covered}
      {...props}
    >
      <LayerContext value={layer}>{children}</LayerContext>
    </Modal>
  );
}
