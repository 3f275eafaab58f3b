/**
 * Toasts (spec section 4): top-right, closing after 5000 ms, or 3000 ms in the staff area
 * (Staff User Management and the staff portal).
 */
import { notifications } from '@mantine/notifications';
import { failureMessageOf } from './api';

export const toastCloseMs = { default: 5000, staff: 3000 } as const;
export type ToastArea = keyof typeof toastCloseMs;
type Kind = 'success' | 'error' | 'info' | 'warning';

const colors: Record<Kind, string> = { success: 'green', error: 'red', info: 'blue', warning: 'yellow' };

export function toast(kind: Kind, title: string, options: { message?: string; area?: ToastArea } = {}): void {
  const { message, area = 'default' } = options;
  notifications.show({
    color: colors[kind],
    // A notification needs a message; a one-line toast puts its text there.
    title: message ? title : undefined,
    message: message ?? title,
    autoClose: toastCloseMs[area],
    withBorder: true,
  });
}

export interface FailureToastOptions {
  /** What an unreachable server reads as; 'Something went wrong. Please try again.' unless the screen says otherwise. */
  network?: string;
  area?: ToastArea;
  /** The fallback is the title and the server's words go beneath (Staff User Management's toasts). */
  titled?: boolean;
}

/** The failure toast of spec section 8: the server's message, else the screen's fallback. */
export function failureToast(error: unknown, fallback: string, options: FailureToastOptions = {}): void {
  const { network, area, titled = false } = options;
  if (titled) toast('error', fallback, { message: failureMessageOf(error, '', network) || undefined, area });
  else toast('error', failureMessageOf(error, fallback, network), { area });
}
