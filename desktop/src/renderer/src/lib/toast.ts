/**
 * Toasts (spec section 4): top-right, closing after 5000 ms, or 3000 ms in the staff area
 * (Staff User Management and the staff portal).
 */
import { notifications } from '@mantine/notifications';

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
