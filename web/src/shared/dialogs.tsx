import { useSyncExternalStore, type ReactNode } from 'react';
import { Box, Button, Group, Modal, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from './constants';

export type DialogType = 'success' | 'error' | 'info' | 'warning' | 'confirm';

export interface AlertOptions {
  /** Picks the default title and colour; 'info' by default. */
  type?: Exclude<DialogType, 'confirm'>;
  title?: ReactNode;
  message: ReactNode;
  okLabel?: ReactNode;
}

export interface ConfirmOptions {
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Colour of the confirm button (e.g. 'red' for destructive actions). */
  color?: MantineColor;
}

interface DialogRequest {
  key: number;
  kind: 'alert' | 'confirm';
  type: DialogType;
  title?: ReactNode;
  message: ReactNode;
  okLabel?: ReactNode;
  cancelLabel?: ReactNode;
  color?: MantineColor;
  resolve: (value: boolean) => void;
  closing: boolean;
}

let dialogs: DialogRequest[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

function update(next: DialogRequest[]): void {
  dialogs = next;
  for (const listener of listeners) listener();
}

function open(request: Omit<DialogRequest, 'key' | 'resolve' | 'closing'>): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    update([...dialogs, { ...request, key: nextKey++, resolve, closing: false }]);
  });
}

function settle(key: number, value: boolean): void {
  const dialog = dialogs.find((d) => d.key === key);
  if (!dialog || dialog.closing) return;
  dialog.resolve(value);
  // Keep it mounted for the close transition, then drop it.
  update(dialogs.map((d) => (d.key === key ? { ...d, closing: true } : d)));
  window.setTimeout(() => update(dialogs.filter((d) => d.key !== key)), 300);
}

/** Asks for confirmation; resolves true on OK, false on cancel / close. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return open({
    kind: 'confirm',
    type: 'confirm',
    title: options.title,
    message: options.message,
    okLabel: options.confirmLabel,
    cancelLabel: options.cancelLabel,
    color: options.color,
  });
}

/** Information dialog with an OK button; resolves once closed. */
export async function alertDialog(options: AlertOptions): Promise<void> {
  await open({ kind: 'alert', type: options.type ?? 'info', title: options.title, message: options.message, okLabel: options.okLabel });
}

/** Error dialog with the default error title. */
export function errorDialog(message: ReactNode, title?: ReactNode): Promise<void> {
  return alertDialog({ type: 'error', message, title });
}

/** Success dialog with the default success title. */
export function successDialog(message: ReactNode, title?: ReactNode): Promise<void> {
  return alertDialog({ type: 'success', message, title });
}

const TYPE_COLOR: Record<DialogType, MantineColor> = {
  success: 'teal',
  error: 'red',
  info: 'blue',
  warning: 'orange',
  confirm: 'blue',
};

const TYPE_GLYPH: Record<DialogType, string> = {
  success: '✓',
  error: '!',
  info: 'i',
  warning: '!',
  confirm: '?',
};

/** Mount once inside MantineProvider: renders the dialogs opened with confirm() / alertDialog(). */
export function DialogHost() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => dialogs,
  );

  return (
    <>
      {current.map((d) => {
        const color = TYPE_COLOR[d.type];
        const title = d.title ?? t(`dialog.titles.${d.type}`);
        return (
          <Modal
            key={d.key}
            opened={!d.closing}
            onClose={() => settle(d.key, false)}
            size={DIALOG_WIDTH}
            centered
            title={
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon color={color} variant="light" radius="xl" size="md" aria-hidden>
                  <Text fw={700} size="sm">
                    {TYPE_GLYPH[d.type]}
                  </Text>
                </ThemeIcon>
                <Text fw={600} size="lg" data-testid="dialog-title">
                  {title}
                </Text>
              </Group>
            }
          >
            <Box data-testid={d.kind === 'confirm' ? 'confirm-dialog' : 'alert-dialog'} data-dialog-type={d.type}>
              <Box data-testid="dialog-message" mb="lg" style={{ whiteSpace: 'pre-line' }}>
                {d.message}
              </Box>
              <Group justify="flex-end" gap="sm">
                {d.kind === 'confirm' && (
                  <Button variant="default" onClick={() => settle(d.key, false)} data-testid="dialog-cancel">
                    {d.cancelLabel ?? t('dialog.cancel')}
                  </Button>
                )}
                <Button
                  color={d.color ?? color}
                  onClick={() => settle(d.key, true)}
                  data-testid="dialog-ok"
                  data-autofocus
                >
                  {d.okLabel ?? t('dialog.ok')}
                </Button>
              </Group>
            </Box>
          </Modal>
        );
      })}
    </>
  );
}
