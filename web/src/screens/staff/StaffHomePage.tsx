import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { WelcomeCard } from '../WelcomeCard';
import { LatestNews } from '../news/LatestNews';
import { StaffUnclosed } from '../home/StaffUnclosed';

/** Staff dashboard: the unclosed sheets of their campuses (issue #25), news, the entry to the operations page, the account's card. */
export function StaffHomePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me) return null;
  return (
    <Stack gap="lg" maw={1100} data-testid="home-staff">
      <PageTitle title={t('home.title.staff')} intro={t('home.intro.staff')} />
      <StaffUnclosed />
      <LatestNews />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="xs" h="100%">
            <Title order={3} fz={18}>
              {t('operations.title')}
            </Title>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {t('operations.intro')}
            </Text>
            <Group>
              <Button component={PageLink} page="staff.operations" variant="light">
                {t('home.openOperations')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
      <WelcomeCard me={me} />
    </Stack>
  );
}
