import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="xl">
      <Stack align="center" gap="sm" data-testid="not-found">
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={1} fz={24}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Center>
  );
}
