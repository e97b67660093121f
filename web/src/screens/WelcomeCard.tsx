import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fullName, type Me } from '../session';

/** Welcome card: the actor's name, profiles and campuses (from Me, nothing invented). */
export function WelcomeCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs" data-testid="welcome-card">
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            {t(`spaces.${me.space}`)}
          </Text>
          <Title order={2} fz={24} data-testid="welcome-name">
            {t('home.welcome', { name: fullName(me) })}
          </Title>
        </div>
        {me.typologies.length > 0 && (
          <Group gap="xs" data-testid="welcome-typologies">
            <Text size="sm" fw={600} mr={4}>
              {t('home.profiles')}
            </Text>
            {me.typologies.map((typology) => (
              <Badge key={typology} variant="light" color="indigo" radius="sm">
                {t(`typologies.${typology}`, { defaultValue: typology })}
              </Badge>
            ))}
          </Group>
        )}
        <div data-testid="welcome-campuses">
          <Text size="sm" fw={600} mb={6}>
            {t('home.campuses')}
          </Text>
          {me.campuses.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('home.noCampus')}
            </Text>
          ) : (
            <Group gap="xs">
              {me.campuses.map((campus) => (
                <Badge key={campus.id} variant="outline" color="gray" size="lg" radius="sm" tt="none" fw={500} data-campus-id={campus.id}>
                  {campus.name}
                </Badge>
              ))}
            </Group>
          )}
        </div>
      </Stack>
    </Card>
  );
}
