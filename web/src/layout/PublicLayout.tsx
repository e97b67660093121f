import { Box, Container, Group, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';

/** Shell of the pages reachable without login. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box className="public-shell">
      <Container component="header" size="lg" py="md" w="100%">
        <Group justify="space-between">
          <Brand />
          <LanguageSwitch />
        </Group>
      </Container>
      <Box component="main" className="public-main">
        <Outlet />
      </Box>
      <Text component="footer" ta="center" c="dimmed" size="xs" py="md">
        {t('layout.footer')}
      </Text>
    </Box>
  );
}
