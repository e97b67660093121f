import { Alert, Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { planningGroupSchema } from '@alterna/planning/validation';
import { PageLink, useGoTo } from '../../../navigation';
import { ServerForm, useServerForm } from '../../../shared/form';
import { usePageData } from '../../../shared/queries';
import { toast } from '../../../shared/toast';
import { groupApi, loadEditForm, loadNewForm, type GroupChange, type PlanningGroup, type PlanningGroupFormOptions } from './api';
import { usePageParams } from '../../../page-params';

interface GroupValues {
  name: string;
  campus: string | null;
  trainingGroup: string | null;
  parent: string | null;
}

/** New planning group (/planning/planning-groups/new). */
export function PlanningGroupNewPage() {
  return <GroupFormLoader groupId={null} />;
}

/** Edit a planning group's informations (/planning/planning-groups/{id}/informations/edit). */
export function PlanningGroupEditPage() {
  const { id = '' } = usePageParams('planning.groupEdit');
  return <GroupFormLoader groupId={id} />;
}

function GroupFormLoader({ groupId }: { groupId: string | null }) {
  const page = usePageData(
    ['planning.group-form', groupId],
    (): Promise<{ options: PlanningGroupFormOptions; group: PlanningGroup | null }> =>
      groupId ? loadEditForm(groupId).then((r) => ({ options: r.options, group: r.planningGroup })) : loadNewForm().then((r) => ({ options: r.options, group: null })),
    { keepPrevious: false },
  );
  const { data, error } = page;
  if (error) return <Alert color="red" variant="light" data-testid="planning-group-error">{error}</Alert>;
  if (!data) return <Center p="xl"><Loader size="sm" /></Center>;
  return <GroupForm options={data.options} group={data.group} />;
}

function GroupForm({ options, group }: { options: PlanningGroupFormOptions; group: PlanningGroup | null }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const form = useServerForm<GroupValues, GroupChange>({
    initialValues: group
      ? { name: group.name, campus: group.campus.id, trainingGroup: group.trainingGroup?.id ?? null, parent: group.parent?.id ?? null }
      : { name: '', campus: options.campuses.length === 1 ? options.campuses[0]!.id : null, trainingGroup: null, parent: null },
    validationSchema: planningGroupSchema,
    action: group ? groupApi.informationsEdit(group.id) : groupApi.create(),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('planning.group', { id: result.planningGroup.id });
    },
  });
  const values = form.formik.values;
  const pick = (name: keyof GroupValues, value: string | null) => {
    void form.formik.setFieldValue(name, value);
    form.clearFieldError(name);
    // The training group and the parent belong to the campus: a new campus clears them.
    if (name === 'campus') {
      void form.formik.setFieldValue('trainingGroup', null);
      void form.formik.setFieldValue('parent', null);
    }
  };
  const ofCampus = <T extends { campus: { id: string } }>(items: T[]) => items.filter((item) => item.campus.id === values.campus);

  return (
    <Stack gap="lg" data-testid="planning-group-form-page">
      <div>
        <PageLink page={group ? 'planning.group' : 'planning.groups'} params={group ? { id: group.id } : undefined}>
          <Text size="sm">← {group ? group.name : t('planning.groups.title')}</Text>
        </PageLink>
        <Title order={1} fz={28}>{t(group ? 'planning.groups.editTitle' : 'planning.groups.newTitle')}</Title>
      </div>
      <Card withBorder radius="lg" padding="lg" maw={900}>
        <ServerForm form={form} data-testid="planning-group-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput id="name" label={t('planning.groups.name')} required {...form.inputProps('name')} data-testid="planning-group-name" />
            <Select
              id="campus" name="campus" label={t('planning.groups.campus')} required allowDeselect={false}
              data={options.campuses.map((c) => ({ value: c.id, label: c.name }))}
              value={values.campus} onChange={(v) => pick('campus', v)} error={form.fieldError('campus')}
              data-testid="planning-group-campus"
            />
            <Select
              id="trainingGroup" name="trainingGroup" label={t('planning.groups.trainingGroup')} description={t('planning.groups.trainingGroupHelp')}
              clearable searchable disabled={!values.campus}
              data={ofCampus(options.trainingGroups).map((g) => ({ value: g.id, label: `${g.shortName} – ${g.name}` }))}
              value={values.trainingGroup} onChange={(v) => pick('trainingGroup', v)} error={form.fieldError('trainingGroup')}
              nothingFoundMessage={t('select.nothingFound')}
              data-testid="planning-group-training-group"
            />
            <Select
              id="parent" name="parent" label={t('planning.groups.parent')} description={t('planning.groups.parentHelp')}
              clearable searchable disabled={!values.campus}
              data={ofCampus(options.parents).map((g) => ({ value: g.id, label: g.name }))}
              value={values.parent} onChange={(v) => pick('parent', v)} error={form.fieldError('parent')}
              nothingFoundMessage={t('select.nothingFound')}
              data-testid="planning-group-parent"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="planning-group-save">{t('planning.groups.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
