import { useId } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

/**
 * A dialog that may open from another one: inside a Modal.Stack (the content editor) it joins the
 * stack, so it comes above the dialog it was opened from, takes the focus and closes first on
 * Escape; elsewhere it is a plain Modal. Every dialog the editor can open is one of these.
 */
export function StackedModal(props: ModalProps) {
  return <Modal stackId={useId()} {...props} />;
}
