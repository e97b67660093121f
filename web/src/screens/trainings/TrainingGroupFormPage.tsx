import { useMemo } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trainingGroupSchema } from '@alterna/trainings/validation';
import { PageLink, useGoTo } from '../../navigation';
import { useMe } from '../../session';
import { ServerForm, useServerForm } from '../../shared/form';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { apiPaths, loadGroup, loadPlan, loadSessions, loadTrainings, type Training, type TrainingGroup, type TrainingSession } from './api';
import { errorOf, setField } from './fields';
import { DateField } from '../../shared/DateFields';
import { managerTypologies } from '@alterna/core/validation';
import { usePageParams } from '../../page-params';

interface GroupValues {
  name: string;
  shortName: string;
  startDate: string;
  endDate: string;
  campusId: string | null;
  trainingSessionId: string | null;
  trainingId: string | null;
  variantId: string | null;
}

/** New training group (/training-center/groups/new). */
export function NewTrainingGroupPage() {
  return <TrainingGroupFormLoader groupId={null} />;
}

/** Edit a training group (/training-center/groups/{id}/edit). */
export function EditTrainingGroupPage() {
  const { id = '' } = usePageParams('trainings.groupEdit');
  return <TrainingGroupFormLoader groupId={id} />;
}

function TrainingGroupFormLoader({ groupId }: { groupId: string | null }) {
  const page = usePageData(
    ['trainings.group-form', groupId],
    () => Promise.all([loadSessions(), loadTrainings(), groupId ? loadGroup(groupId) : Promise.resolve(null)]).then(([sessions, trainings, group]) => ({ sessions, trainings, group })),
    { keepPrevious: false },
  );
  const { data, error } = page;
  if (error) return <Alert color="red" variant="light">{error}</Alert>;
  if (!data) return <Center p="xl"><Loader size="sm" /></Center>;
  return <TrainingGroupForm {...data} />;
}

function TrainingGroupForm({ sessions, trainings, group }: { sessions: TrainingSession[]; trainings: Training[]; group: TrainingGroup | null }) {
  const { t } = useTranslation();
  const me = useMe();
  const goTo = useGoTo();
  const current = sessions.find((s) => s.isCurrent) ?? sessions[0] ?? null;
  const campuses = (me?.campuses ?? []).filter((c) => c.typologies.some((typology) => (managerTypologies as readonly string[]).includes(typology)));

  const form = useServerForm<GroupValues, { message: string; trainingGroup: TrainingGroup }>({
    initialValues: group
      ? {
          name: group.name, shortName: group.shortName, startDate: group.startDate, endDate: group.endDate, campusId: group.campus.id,
          trainingSessionId: group.trainingSession.id, trainingId: group.training.id, variantId: group.variant.id,
        }
      : {
          name: '', shortName: '', startDate: current?.startDate ?? '', endDate: current?.endDate ?? '', campusId: campuses.length === 1 ? campuses[0]!.id : null,
          trainingSessionId: current?.id ?? null, trainingId: null, variantId: null,
        },
    validationSchema: trainingGroupSchema,
    action: group ? apiPaths.groupEdit(group.id) : apiPaths.groups(),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('trainings.group', { id: result.trainingGroup.id });
    },
  });
  const values = form.formik.values;

  // The variants of the chosen training's plan for the chosen session.
  const planChosen = !!values.trainingId && !!values.trainingSessionId;
  const plan = usePageData(
    ['trainings.group-form.variants', values.trainingId, values.trainingSessionId],
    () => loadPlan(values.trainingId!, { trainingSessionId: values.trainingSessionId }).then((view) => view.plan?.variants.map((v) => ({ id: v.id, name: v.name })) ?? []),
    { enabled: planChosen, keepPrevious: false },
  );
  // No plan for that training and session (or none readable): no variant to offer.
  const variants: { id: string; name: string }[] | null = !planChosen ? null : plan.error ? [] : (plan.data ?? null);

  const offered = useMemo(
    () => trainings.filter((tr) => !values.campusId || tr.campuses.some((c) => c.id === values.campusId)),
    [trainings, values.campusId],
  );

  const pick = (name: keyof GroupValues, value: string | null) => {
    setField(form, name, value);
    if (name === 'trainingId' || name === 'trainingSessionId') setField(form, 'variantId', null);
    if (name === 'trainingSessionId') {
      const session = sessions.find((s) => s.id === value);
      if (session) {
        setField(form, 'startDate', session.startDate);
        setField(form, 'endDate', session.endDate);
      }
    }
  };

  return (
    <Stack gap="lg" data-testid="group-form-page">
      <div>
        <PageLink page={group ? 'trainings.group' : 'trainings.groups'} params={group ? { id: group.id } : undefined}>
          <Text size="sm">← {group ? group.shortName : t('trainings.groups.title')}</Text>
        </PageLink>
        <Title order={1} fz={28}>{t(group ? 'trainings.groups.editTitle' : 'trainings.groups.new')}</Title>
      </div>
      <Card withBorder radius="lg" padding="lg" maw={900}>
        <ServerForm form={form} data-testid="group-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput id="name" label={t('trainings.groups.name')} required {...form.inputProps('name')} />
            <TextInput id="shortName" label={t('trainings.groups.shortName')} required {...form.inputProps('shortName')} />
            <Select
              id="campusId" name="campusId" label={t('trainings.groups.campus')} required
              data={campuses.map((c) => ({ value: c.id, label: c.name }))}
              value={values.campusId} onChange={(v) => pick('campusId', v)} error={errorOf(form, 'campusId')}
              data-testid="group-campus"
            />
            <Select
              id="trainingSessionId" name="trainingSessionId" label={t('trainings.common.session')} required allowDeselect={false}
              data={sessions.map((s) => ({ value: s.id, label: s.isCurrent ? `${s.name} (${t('trainings.common.current')})` : s.name }))}
              value={values.trainingSessionId} onChange={(v) => pick('trainingSessionId', v)} error={errorOf(form, 'trainingSessionId')}
              data-testid="group-session"
            />
            <Select
              id="trainingId" name="trainingId" label={t('trainings.groups.training')} required searchable
              data={offered.map((tr) => ({ value: tr.id, label: `${tr.shortName} – ${tr.name}` }))}
              value={values.trainingId} onChange={(v) => pick('trainingId', v)} error={errorOf(form, 'trainingId')}
              nothingFoundMessage={t('select.nothingFound')}
              data-testid="group-training"
            />
            <Select
              id="variantId" name="variantId" label={t('trainings.groups.variant')} required
              data={(variants ?? []).map((v) => ({ value: v.id, label: v.name }))}
              value={values.variantId} onChange={(v) => pick('variantId', v)} error={errorOf(form, 'variantId')}
              disabled={!values.trainingId}
              data-testid="group-variant"
            />
            <DateField id="startDate" label={t('trainings.groups.startDate')} required {...form.inputProps('startDate')} />
            <DateField id="endDate" label={t('trainings.groups.endDate')} required {...form.inputProps('endDate')} />
          </SimpleGrid>
          {values.trainingId && variants?.length === 0 && (
            <Alert color="yellow" variant="light" data-testid="group-no-variant">
              {t('trainings.validation.unfoldOrCreate')}{' '}
              <PageLink page="trainings.plan" params={{ id: values.trainingId }}>{t('trainings.groups.openPlan')}</PageLink>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="group-save">{t('trainings.common.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
