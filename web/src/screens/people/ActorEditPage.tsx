import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addTypologySchema, personalInformationSchema } from '@alterna/people/validation';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { confirm } from '../../shared/dialogs';
import { ServerForm, useServerForm } from '../../shared/form';
import { usePageData } from '../../shared/queries';
import { formatPersonOption } from '../../shared/options';
import { toast } from '../../shared/toast';
import { apiPaths, loadActor, loadFormCampuses, setArchived, type ActorView, type FormCampus } from './api';
import { CampusFields } from './CampusFields';
import { DuplicateWarning } from './DuplicateWarning';
import { can, formatSiret, permissionIds } from './fields';
import { PersonFields } from './PersonFields';
import { usePersonForm } from './usePersonForm';
import { usePageParams } from '../../page-params';

/** /actor/{id}/personal-informations/edit: personal information, access rules (add typology), archive. */
export function ActorEditPage() {
  const { id = '' } = usePageParams('people.actorEdit');
  const { t } = useTranslation();
  const me = useMe();
  const canChange = can(me?.permissions, permissionIds.actorUpdate);
  const page = usePageData(['people.actor', id], () => loadActor(id));
  // Never another person's page while this one loads.
  const actor: ActorView | null = page.data?.id === id ? page.data : null;
  const { error, reload: load } = page;
  const setActor = (saved: ActorView) => page.update(() => saved);
  const formCampuses = usePageData(['people.form-campuses'], () => loadFormCampuses(), { enabled: canChange });
  const campuses: FormCampus[] = formCampuses.data ?? [];

  const toggleArchive = async () => {
    if (!actor) return;
    const archiving = !actor.archived;
    const ok = await confirm({
      message: t(archiving ? 'people.actors.archiveConfirm' : 'people.actors.unarchiveConfirm', { name: formatPersonOption(actor) }),
      confirmLabel: t(archiving ? 'people.actors.archive' : 'people.actors.unarchive'),
      color: archiving ? 'orange' : 'teal',
    });
    if (!ok) return;
    try {
      toast.success((await setArchived(actor.id, archiving)).message);
      await load();
    } catch {
      /* the GraphQL helper has shown the error */
    }
  };

  if (error) return <Alert color="red" variant="light">{error}</Alert>;
  if (!actor) return <Center p="xl"><Loader size="sm" /></Center>;
  return (
    <Stack gap="lg" maw={960} data-testid="actor-edit-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle
          title={formatPersonOption(actor)}
          titleTestId="actor-title"
          intro={t('people.actorEdit.intro')}
          back={<PageLink page="people.actors">{t('people.common.backToPeople')}</PageLink>}
        />
        <Group gap="sm">
          {actor.archived && <Badge color="gray" size="lg" variant="light" data-testid="actor-archived">{t('people.actors.archivedBadge')}</Badge>}
          {canChange && actor.id !== me?.id && (
            <Button variant="light" color={actor.archived ? 'teal' : 'orange'} onClick={() => void toggleArchive()} data-testid="actor-archive">
              {t(actor.archived ? 'people.actors.unarchive' : 'people.actors.archive')}
            </Button>
          )}
        </Group>
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="lg" mb="md">{t('people.actorEdit.personal')}</Title>
        <PersonalInformationForm key={actor.id} actor={actor} readOnly={!canChange} onSaved={setActor} />
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="lg" mb="md">{t('people.person.access')}</Title>
        <AccessRules actor={actor} />
        {canChange && campuses.length > 0 && <AddTypologyForm actor={actor} campuses={campuses} onAdded={setActor} />}
      </Card>
      {actor.corporations.length > 0 && (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="sm">{t('people.actorEdit.corporations')}</Title>
          <Group gap="xs">
            {actor.corporations.map((c) => (
              <PageLink key={c.id} page="people.corporation" params={{ id: c.id }}>
                <Badge variant="light" tt="none" style={{ cursor: 'pointer' }}>{c.shortName || c.name}{c.siret ? ` – ${formatSiret(c.siret)}` : ''}</Badge>
              </PageLink>
            ))}
          </Group>
        </Card>
      )}
    </Stack>
  );
}

/** The personal information form, shared with the tutor edit page (its own route). */
export function PersonalInformationForm({ actor, readOnly, onSaved, url }: { actor: ActorView; readOnly: boolean; onSaved: (actor: ActorView) => void; url?: () => string }) {
  const { t } = useTranslation();
  const { form, duplicates, dismissDuplicates, ignoreDuplicates } = usePersonForm({
    initialValues: { firstName: actor.firstName, lastName: actor.lastName, email: actor.email, phone: actor.phone ?? '' },
    validationSchema: personalInformationSchema,
    url: url ?? (() => apiPaths.personalInformation(actor.id)),
    onSaved: (saved, message) => {
      toast.success(message);
      onSaved(saved);
    },
  });
  return (
    <ServerForm form={form} data-testid="personal-form">
      <PersonFields form={form} disabled={readOnly} />
      {duplicates ? (
        <DuplicateWarning duplicates={duplicates} ignoreLabel={t('people.duplicates.ignoreSave')} onIgnore={ignoreDuplicates} onCancel={dismissDuplicates} submitting={form.submitting} />
      ) : (
        !readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="personal-save">{t('people.common.save')}</Button>
          </Group>
        )
      )}
    </ServerForm>
  );
}

function AccessRules({ actor }: { actor: ActorView }) {
  const { t } = useTranslation();
  if (!actor.actorAccessRules.length) return <Text c="dimmed">{t('people.actorEdit.noRules')}</Text>;
  return (
    <Table verticalSpacing={6} data-testid="access-rules" mb="md">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('people.person.campus')}</Table.Th>
          <Table.Th>{t('people.person.typology')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {actor.actorAccessRules.map((rule) => (
          <Table.Tr key={`${rule.campus.id}-${rule.actorTypology.reference}`} data-testid="access-rule">
            <Table.Td>{rule.campus.name}</Table.Td>
            <Table.Td>{t(`typologies.${rule.actorTypology.reference}`)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /actor/{id}/add-typology */
function AddTypologyForm({ actor, campuses, onAdded }: { actor: ActorView; campuses: FormCampus[]; onAdded: (actor: ActorView) => void }) {
  const { t } = useTranslation();
  const form = useServerForm<{ campusId: string | null; typology: string | null }, { actor: ActorView; message: string }>({
    initialValues: { campusId: campuses.length === 1 ? campuses[0]!.id : null, typology: null },
    validationSchema: addTypologySchema,
    action: apiPaths.addTypology(actor.id),
    onSuccess: (result, _values, helpers) => {
      toast.success(result.message);
      helpers.resetForm();
      onAdded(result.actor);
    },
  });
  return (
    <ServerForm form={form} data-testid="add-typology-form">
      <Text fw={600} size="sm">{t('people.actorEdit.addTypology')}</Text>
      <CampusFields form={form} campuses={campuses} withTypology />
      <Group justify="flex-end">
        <Button type="submit" variant="light" loading={form.submitting} data-testid="add-typology-save">{t('people.actorEdit.addTypologyAction')}</Button>
      </Group>
    </ServerForm>
  );
}
