import { Alert, Button, Card, Divider, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { coachContractSchema } from '@alterna/teaching/validation';
import { PageLink, useGoTo } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm, useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { apiPaths, loadCoachContractForm, type CoachContractFormData } from './api';
import { ActivityLines, type ActivityLineValue } from './ActivityLines';
import { errorOf, fullName, Loading, setField, useLoaded } from './common';
import { DateField } from '../../shared/DateFields';
import { usePageParams } from '../../page-params';

interface CoachContractValues {
  campusId: string | null;
  trainingSessionId: string | null;
  startDate: string;
  endDate: string;
  relatedActivityLines: ActivityLineValue[];
}

/** /contract/new/{id} */
export function CoachContractNewPage() {
  const { id = '' } = usePageParams('teaching.coachContractNew');
  return <Loader coachId={id} contractId={null} />;
}

/** /contract/{id}/edit/{coachContract} */
export function CoachContractEditPage() {
  const { id = '', coachContract = '' } = usePageParams('teaching.coachContractEdit');
  return <Loader coachId={id} contractId={coachContract} />;
}

function Loader({ coachId, contractId }: { coachId: string; contractId: string | null }) {
  const { data, error } = useLoaded(['coachContractForm', coachId, contractId], () => loadCoachContractForm(coachId, contractId));
  if (!data) return <Loading error={error} />;
  return <CoachContractForm key={contractId ?? 'new'} data={data} />;
}

function CoachContractForm({ data }: { data: CoachContractFormData }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const { coach, coachContract: contract } = data;
  const session = contract?.trainingSession ?? data.currentSession;
  const form = useServerForm<CoachContractValues, { message: string }>({
    initialValues: {
      campusId: contract?.campus.id ?? (data.campuses.length === 1 ? data.campuses[0]!.id : null),
      trainingSessionId: session?.id ?? null,
      startDate: contract?.startDate ?? session?.startDate ?? '',
      endDate: contract?.endDate ?? session?.endDate ?? '',
      relatedActivityLines: contract
        ? contract.relatedActivityLines.map((l) => ({ relatedActivityId: l.relatedActivity.id, amount: l.amount, price: l.price }))
        : [{ relatedActivityId: null, amount: null, price: null }],
    },
    validationSchema: coachContractSchema,
    action: contract ? apiPaths.coachContractEdit(coach.id, contract.id) : apiPaths.coachContractNew(coach.id),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('teaching.coach', { id: coach.id });
    },
  });
  const values = form.formik.values;
  const pickSession = (id: string | null) => {
    setField(form, 'trainingSessionId', id);
    const chosen = data.sessions.find((s) => s.id === id);
    if (chosen) {
      setField(form, 'startDate', chosen.startDate);
      setField(form, 'endDate', chosen.endDate);
    }
  };
  return (
    <Stack gap="lg" data-testid="coach-contract-page">
      <PageTitle
        back={<PageLink page="teaching.coach" params={{ id: coach.id }}><Text size="sm">← {fullName(coach)}</Text></PageLink>}
        title={t(contract ? 'teaching.coach.contractEditTitle' : 'teaching.coach.contractNewTitle')}
        intro={fullName(coach)}
      />
      {data.campuses.length === 0 && <Alert color="yellow" variant="light">{t('teaching.contract.noWritableCampus')}</Alert>}
      <Card withBorder radius="lg" padding="lg" maw={1100}>
        <ServerForm form={form} data-testid="coach-contract-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              id="campusId" name="campusId" label={t('teaching.contract.campus')} required allowDeselect={false}
              data={data.campuses.map((c) => ({ value: c.id, label: c.name }))}
              value={values.campusId} onChange={(v) => setField(form, 'campusId', v)} error={errorOf(form, 'campusId')}
            />
            <Select
              id="trainingSessionId" name="trainingSessionId" label={t('teaching.contract.session')} required allowDeselect={false}
              data={data.sessions.map((s) => ({ value: s.id, label: s.isCurrent ? `${s.name} (${t('teaching.common.current')})` : s.name }))}
              value={values.trainingSessionId} onChange={pickSession} error={errorOf(form, 'trainingSessionId')}
            />
            <DateField id="startDate" label={t('teaching.contract.startDate')} required {...form.inputProps('startDate')} />
            <DateField id="endDate" label={t('teaching.contract.endDate')} required {...form.inputProps('endDate')} />
          </SimpleGrid>
          <Divider my="xs" />
          <Title order={2} fz={18}>{t('teaching.contract.relatedActivities')}</Title>
          <ActivityLines form={form} activities={data.relatedActivities} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={data.campuses.length === 0} data-testid="coach-contract-save">{t('teaching.common.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
