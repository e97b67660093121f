import type { ReactNode } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_POSITION } from './constants';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

const COLORS: Record<ToastKind, string> = { success: 'teal', error: 'red', info: 'blue', warning: 'orange' };

export interface ToastOptions {
  title?: ReactNode;
  /** Overrides the 8000 ms default; false keeps the toast until closed. */
  duration?: number | false;
}

function show(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string {
  return notifications.show({
    color: COLORS[kind],
    title: options.title,
    message,
    autoClose: options.duration ?? TOAST_DURATION_MS,
    withCloseButton: true,
    withAutoCloseProgress: true,
    'data-testid': 'toast',
    'data-toast-kind': kind,
  });
}

/** Shared toasts (SPEC §9): bottom-left, 8000 ms, closable, progress bar, pause on hover. */
export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  hide: (id: string) => notifications.hide(id),
};

/** Mount once inside MantineProvider. */
export function ToastHost() {
  return (
    <Notifications
      position={TOAST_POSITION}
      autoClose={TOAST_DURATION_MS}
      withAutoCloseProgress
      pauseResetOnHover="notification"
      limit={5}
      zIndex={1000}
    />
  );
}
