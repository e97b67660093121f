import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code or data loads (after the router's pending delay, so quick loads never flash). */
export function RoutePending() {
  return (
    <Center p="xl" data-testid="route-pending">
      <Loader size="sm" />
    </Center>
  );
}

/** A page whose code could not load (e.g. a new version was deployed meanwhile): say so and offer to retry. */
export function RouteError({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  return (
    <Stack p="xl" maw={560} data-testid="route-error">
      <Alert color="red" title={t('errors.pageLoad')}>{t('errors.unexpected')}</Alert>
      <Button variant="light" w="fit-content" onClick={() => { reset(); window.location.reload(); }}>{t('errors.retry')}</Button>
    </Stack>
  );
}
