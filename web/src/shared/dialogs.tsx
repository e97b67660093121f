import type { ReactNode } from 'react';
import { Box, Button, Group, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../i18n';
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

function dialogTitle(type: DialogType, title: ReactNode) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon color={TYPE_COLOR[type]} variant="light" radius="xl" size="md" aria-hidden>
        <Text fw={700} size="sm">
          {TYPE_GLYPH[type]}
        </Text>
      </ThemeIcon>
      <Text fw={600} size="lg" data-testid="dialog-title">
        {title ?? i18n.t(`dialog.titles.${type}`)}
      </Text>
    </Group>
  );
}

function message(text: ReactNode) {
  return (
    <Box data-testid="dialog-message" mb="lg" style={{ whiteSpace: 'pre-line' }}>
      {text}
    </Box>
  );
}

/** Answers a dialog's promise once: the first of OK, cancel or close wins. */
function once(resolve: (value: boolean) => void) {
  let settled = false;
  return (value: boolean) => {
    if (settled) return;
    settled = true;
    resolve(value);
  };
}

/** Asks for confirmation (@mantine/modals); resolves true on OK, false on cancel / close. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const settle = once(resolve);
    modals.openConfirmModal({
      size: DIALOG_WIDTH,
      centered: true,
      title: dialogTitle('confirm', options.title),
      attributes: { body: { 'data-testid': 'confirm-dialog', 'data-dialog-type': 'confirm' } },
      children: message(options.message),
      labels: { confirm: options.confirmLabel ?? i18n.t('dialog.ok'), cancel: options.cancelLabel ?? i18n.t('dialog.cancel') },
      confirmProps: { color: options.color ?? TYPE_COLOR.confirm, 'data-testid': 'dialog-ok', 'data-autofocus': true },
      cancelProps: { 'data-testid': 'dialog-cancel' },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

/** Information dialog with an OK button (@mantine/modals); resolves once closed. */
export function alertDialog(options: AlertOptions): Promise<void> {
  const type = options.type ?? 'info';
  return new Promise<void>((resolve) => {
    const id = modals.open({
      size: DIALOG_WIDTH,
      centered: true,
      title: dialogTitle(type, options.title),
      attributes: { body: { 'data-testid': 'alert-dialog', 'data-dialog-type': type } },
      onClose: () => resolve(),
      children: (
        <>
          {message(options.message)}
          <Group justify="flex-end" gap="sm">
            <Button color={TYPE_COLOR[type]} onClick={() => modals.close(id)} data-testid="dialog-ok" data-autofocus>
              {options.okLabel ?? i18n.t('dialog.ok')}
            </Button>
          </Group>
        </>
      ),
    });
  });
}

/** Error dialog with the default error title. */
export function errorDialog(message: ReactNode, title?: ReactNode): Promise<void> {
  return alertDialog({ type: 'error', message, title });
}

/** Success dialog with the default success title. */
export function successDialog(message: ReactNode, title?: ReactNode): Promise<void> {
  return alertDialog({ type: 'success', message, title });
}
