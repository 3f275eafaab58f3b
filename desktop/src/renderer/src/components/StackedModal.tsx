import { createContext, use, useEffect, useEffectEvent, useId } from 'react';
import { getDefaultZIndex, Modal, type ModalProps } from '@mantine/core';
import { create } from 'zustand';

/** The layer (z-index) of the dialog whose content a dialog is in: its own dialogs open above it. */
const LayerContext = createContext<number | null>(null);

/** A dialog open: its layer, when it opened (the later of two on one layer is above), how Escape closes it. */
interface OpenDialog {
  id: string;
  zIndex: number;
  order: number;
  closeOnEscape: boolean;
  close: () => void;
}
const above = (a: OpenDialog, b: OpenDialog) => a.zIndex > b.zIndex || (a.zIndex === b.zIndex && a.order > b.order);

/** Every dialog open: the one on top is the one the user works in; the others are covered. */
const useOpenDialogs = create<{ open: readonly OpenDialog[] }>(() => ({ open: [] }));
let opened = 0;

/**
 * Escape closes the dialog on top alone. One listener decides for every open dialog, since a
 * dialog's own (Mantine's) would also hear the Escape that opened the question above it, once
 * React has rendered that question within the same keydown.
 */
function closeTopOnEscape(event: KeyboardEvent) {
  const target = event.target instanceof Element ? event.target : null;
  // A menu or combobox open in the dialog takes its Escape first (Mantine marks its own).
  if (event.key !== 'Escape' || event.isComposing || target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
  const top = useOpenDialogs.getState().open.reduce<OpenDialog | undefined>((t, d) => (!t || above(d, t) ? d : t), undefined);
  if (top?.closeOnEscape) top.close();
}

/** Counts `dialog` open until the answer is called. */
function opening(dialog: Omit<OpenDialog, 'order'>): () => void {
  const entry = { ...dialog, order: ++opened };
  const { open } = useOpenDialogs.getState();
  if (open.length === 0) window.addEventListener('keydown', closeTopOnEscape, { capture: true });
  useOpenDialogs.setState({ open: [...open, entry] });
  return () => {
    const rest = useOpenDialogs.getState().open.filter((d) => d !== entry);
    useOpenDialogs.setState({ open: rest });
    if (rest.length === 0) window.removeEventListener('keydown', closeTopOnEscape, { capture: true });
  };
}

export interface StackedModalProps extends Omit<ModalProps, 'zIndex'> {
  /** Above every other dialog open (a question about leaving the screen, app/LeaveGuard.tsx). */
  aboveAll?: boolean;
}

/**
 * A dialog that may open from another one (the content editor's media picker, schedule dialog and
 * questions): it comes one layer above the dialog whose content opened it, so above it whatever
 * the order of their effects. Only the dialog on top holds the focus and shows its overlay, and
 * Escape closes it alone. Elsewhere it is a plain Modal.
 */
export function StackedModal({
  opened: isOpen,
  onClose,
  aboveAll = false,
  closeOnEscape = true,
  trapFocus = true,
  withOverlay = true,
  children,
  ...props
}: StackedModalProps) {
  const parent = use(LayerContext);
  const zIndex = aboveAll ? Number(getDefaultZIndex('popover')) : parent !== null ? parent + 1 : Number(getDefaultZIndex('modal'));
  const id = useId();
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!isOpen) return;
    return opening({ id, zIndex, closeOnEscape, close });
  }, [isOpen, id, zIndex, closeOnEscape]);
  const covered = useOpenDialogs(({ open }) => {
    const mine = open.find((d) => d.id === id);
    return mine !== undefined && open.some((d) => above(d, mine));
  });
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      zIndex={zIndex}
      closeOnEscape={false}
      trapFocus={trapFocus && !covered}
      withOverlay={withOverlay && !covered}
      {...props}
    >
      <LayerContext value={zIndex}>{children}</LayerContext>
    </Modal>
  );
}
