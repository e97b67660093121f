import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { refusedLoad } from '../shared/refusal';

/** Shown while a page's code or data loads (after the router's pending delay, so quick loads never flash). */
export function RoutePending() {
  return (
    <Center p="xl" data-testid="route-pending">
      <Loader size="sm" />
    </Center>
  );
}

/**
 * A page that could not load. Its data refused by the server (a route loader's 403, 404…): the server's message,
 * already in the reader's language, and a retry that runs the loader again. Its code (e.g. a new version was
 * deployed meanwhile): say so and offer to reload.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const refused = refusedLoad(error);
  const retry = () => {
    reset();
    if (refused) void router.invalidate();
    else window.location.reload();
  };
  return (
    <Stack p="xl" maw={560} data-testid="route-error">
      <Alert color="red" title={t('errors.pageLoad')}>{refused ? error.message : t('errors.unexpected')}</Alert>
      <Button variant="light" w="fit-content" onClick={retry}>{t('errors.retry')}</Button>
    </Stack>
  );
}
