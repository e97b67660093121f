import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../session';
import { WelcomeCard } from './WelcomeCard';

/** Home of a space: title of the space and the welcome card. */
export function SpaceHomePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me) return null;
  return (
    <Stack gap="lg" maw={1100} data-testid={`home-${me.space}`}>
      <div>
        <Title order={1} fz={28}>
          {t(`home.title.${me.space}`)}
        </Title>
        <Text c="dimmed">{t(`home.intro.${me.space}`)}</Text>
      </div>
      <WelcomeCard me={me} />
    </Stack>
  );
}
