import { Alert, Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { formatCompanyOption, formatPersonOption } from '../../shared/options';
import { toast } from '../../shared/toast';
import { apiPaths, loadTutor, type ActorView } from './api';
import { AssociateForm } from './AssociateForm';
import { PersonalInformationForm } from './ActorEditPage';
import { can, permissionIds } from './fields';
import { usePageParams } from '../../page-params';

/** /tutors/{id}/edit: the tutor's personal information and corporations. */
export function TutorEditPage() {
  const { id = '' } = usePageParams('people.tutorEdit');
  const { t } = useTranslation();
  const me = useMe();
  const page = usePageData(['people.tutor', id], () => loadTutor(id));
  // Never another tutor's page while this one loads.
  const tutor: ActorView | null = page.data?.id === id ? page.data : null;
  const { error, reload: load } = page;
  const setTutor = (saved: ActorView) => page.update(() => saved);

  if (error) return <Alert color="red" variant="light">{error}</Alert>;
  if (!tutor) return <Center p="xl"><Loader size="sm" /></Center>;
  return (
    <Stack gap="lg" maw={960} data-testid="tutor-edit-page">
      <PageTitle title={formatPersonOption(tutor)} titleTestId="tutor-title" intro={t('people.tutorEdit.intro')} back={<PageLink page="people.tutors">{t('people.common.backToTutors')}</PageLink>} />
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="lg" mb="md">{t('people.actorEdit.personal')}</Title>
        <PersonalInformationForm key={tutor.id} actor={tutor} readOnly={!can(me?.permissions, permissionIds.actorUpdate)} onSaved={setTutor} url={() => apiPaths.tutorEdit(tutor.id)} />
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="lg" mb="sm">{t('people.actorEdit.corporations')}</Title>
        {tutor.corporations.length ? (
          <Group gap="xs" mb="md" data-testid="tutor-corporations">
            {tutor.corporations.map((c) => (
              <PageLink key={c.id} page="people.corporation" params={{ id: c.id }}>
                <Badge variant="light" size="lg" tt="none" style={{ cursor: 'pointer' }}>{formatCompanyOption(c)}</Badge>
              </PageLink>
            ))}
          </Group>
        ) : (
          <Text c="dimmed" size="sm" mb="md">{t('people.tutorEdit.noCorporation')}</Text>
        )}
        {can(me?.permissions, permissionIds.corporationUpdate) && (
          <AssociateForm
            key={tutor.corporations.length}
            tutor={tutor}
            onDone={async (message) => {
              toast.success(message);
              await load();
            }}
          />
        )}
      </Card>
    </Stack>
  );
}
