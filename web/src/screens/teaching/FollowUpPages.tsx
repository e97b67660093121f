import { Badge, Button, Card, Checkbox, Group, Select, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import type { AnyObjectSchema } from 'yup';
import {
  abandonFollowUpSchema, abandonReasons, breakFollowUpSchema, breakInitiatives, breakRisks, disciplinaryFollowUpSchema, disciplinaryKinds,
  preventRegistrationBreakSchema,
} from '@alterna/teaching/validation';
import { PageLink, useGoTo } from '../../navigation';
import type { PageId } from '../../pages';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm, useServerForm } from '../../shared/form';
import { requestJson } from '../../shared/http';
import { toast } from '../../shared/toast';
import { apiPaths, loadStudentFollowUps, type FollowUp, type FollowUpKind, type StudentFollowUps } from './api';
import { errorOf, fullName, Loading, setField, useLoaded } from './common';
import { DateField } from '../../shared/DateFields';
import { usePageParams } from '../../page-params';

/** What each kind of follow-up asks (SPEC §2 Coaching). */
const kinds: Record<FollowUpKind, { schema: AnyObjectSchema; categories: readonly string[] | null; categoryKey: string; risks: boolean; actions: boolean; newPage: PageId }> = {
  disciplinary: { schema: disciplinaryFollowUpSchema, categories: disciplinaryKinds, categoryKey: 'teaching.disciplinaryKind', risks: false, actions: true, newPage: 'teaching.disciplinaryNew' },
  'prevent-registration-break': {
    schema: preventRegistrationBreakSchema, categories: null, categoryKey: '', risks: true, actions: true, newPage: 'teaching.preventRegistrationBreakNew',
  },
  break: { schema: breakFollowUpSchema, categories: breakInitiatives, categoryKey: 'teaching.breakInitiative', risks: false, actions: true, newPage: 'teaching.breakNew' },
  abandon: { schema: abandonFollowUpSchema, categories: abandonReasons, categoryKey: 'teaching.abandonReason', risks: false, actions: false, newPage: 'teaching.abandonNew' },
};

const editPage: Partial<Record<FollowUpKind, PageId>> = { break: 'teaching.breakEdit', abandon: 'teaching.abandonEdit' };
const kindColor: Record<FollowUpKind, string> = { disciplinary: 'orange', 'prevent-registration-break': 'yellow', break: 'red', abandon: 'gray' };

/** /coaching/students/{student}: a student's coach and follow-ups, the latest first. */
export function StudentFollowUpsPage() {
  const { student = '' } = usePageParams('teaching.studentFollowUps');
  const { data, error } = useLoaded(['followUps', student], () => loadStudentFollowUps(student));
  if (!data) return <Loading error={error} />;
  return <StudentFollowUpsView data={data} />;
}

function StudentFollowUpsView({ data }: { data: StudentFollowUps }) {
  const { t } = useTranslation();
  const { student } = data;
  return (
    <Stack gap="lg" data-testid="student-follow-ups">
      <PageTitle
        back={<PageLink page="teaching.coaches"><Text size="sm">← {t('teaching.coaches.title')}</Text></PageLink>}
        title={fullName(student)}
        intro={`${student.campus.name} · ${data.coach ? t('teaching.followUp.coachedBy', { name: fullName(data.coach) }) : t('teaching.attribution.noCoach')}`}
      />
      {data.canWrite && (
        <Group gap="xs">
          {(Object.keys(kinds) as FollowUpKind[]).map((kind) => (
            <PageLink key={kind} page={kinds[kind].newPage} params={{ student: student.id }} data-testid={`follow-up-new-${kind}`}>
              <Button size="xs" variant="light" component="span">{t(`teaching.followUp.new.${kind}`)}</Button>
            </PageLink>
          ))}
        </Group>
      )}
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz={18} mb="md">{t('teaching.followUp.history')}</Title>
        {data.followUps.length === 0 ? (
          <Text c="dimmed">{t('teaching.followUp.none')}</Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2}>
            {data.followUps.map((followUp) => <FollowUpItem key={followUp.id} followUp={followUp} canWrite={data.canWrite} />)}
          </Timeline>
        )}
      </Card>
    </Stack>
  );
}

function FollowUpItem({ followUp, canWrite }: { followUp: FollowUp; canWrite: boolean }) {
  const { t } = useTranslation();
  const kind = kinds[followUp.kind];
  const edit = editPage[followUp.kind];
  return (
    <Timeline.Item
      color={kindColor[followUp.kind]}
      data-testid="follow-up-item"
      title={
        <Group gap="xs">
          <Badge color={kindColor[followUp.kind]} variant="light">{t(`teaching.followUpKind.${followUp.kind}`)}</Badge>
          <Text size="sm" fw={600}>{formatDate(followUp.date)}</Text>
          {followUp.category && <Text size="sm">{t(`${kind.categoryKey}.${followUp.category}`)}</Text>}
          {canWrite && edit && (
            <PageLink page={edit} params={{ student: followUp.studentId, id: followUp.id }}>
              <Button size="compact-xs" variant="subtle" component="span">{t('teaching.common.edit')}</Button>
            </PageLink>
          )}
        </Group>
      }
    >
      {followUp.risks.length > 0 && <Text size="sm">{followUp.risks.map((r) => t(`teaching.breakRisk.${r}`)).join(' · ')}</Text>}
      {followUp.description && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{followUp.description}</Text>}
      {followUp.actions && <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>{t('teaching.followUp.actionsLabel', { actions: followUp.actions })}</Text>}
      {followUp.recordedBy && <Text size="xs" c="dimmed">{t('teaching.followUp.recordedBy', { name: fullName(followUp.recordedBy) })}</Text>}
    </Timeline.Item>
  );
}

export const DisciplinaryNewPage = () => <FollowUpFormPage kind="disciplinary" />;
export const PreventRegistrationBreakNewPage = () => <FollowUpFormPage kind="prevent-registration-break" />;
export const BreakNewPage = () => <FollowUpFormPage kind="break" />;
export const BreakEditPage = () => <FollowUpFormPage kind="break" editing />;
export const AbandonNewPage = () => <FollowUpFormPage kind="abandon" />;
export const AbandonEditPage = () => <FollowUpFormPage kind="abandon" editing />;

function FollowUpFormPage({ kind, editing = false }: { kind: FollowUpKind; editing?: boolean }) {
  const { student = '', id = '' } = usePageParams('teaching.disciplinaryNew', 'teaching.preventRegistrationBreakNew', 'teaching.breakNew', 'teaching.breakEdit', 'teaching.abandonNew', 'teaching.abandonEdit');
  const { data, error } = useLoaded(['followUpForm', student, id, kind, editing], async () => {
    const overview = await loadStudentFollowUps(student);
    const followUp = editing ? (await requestJson<{ followUp: FollowUp }>('GET', apiPaths.followUpEdit(student, kind as 'break' | 'abandon', id))).followUp : null;
    return { overview, followUp };
  });
  if (!data) return <Loading error={error} />;
  return <FollowUpForm kind={kind} overview={data.overview} followUp={data.followUp} />;
}

interface FollowUpValues {
  date: string;
  category: string | null;
  risks: string[];
  description: string;
  actions: string;
}

function FollowUpForm({ kind, overview, followUp }: { kind: FollowUpKind; overview: StudentFollowUps; followUp: FollowUp | null }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const config = kinds[kind];
  const student = overview.student;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const form = useServerForm<FollowUpValues, { message: string }>({
    initialValues: {
      date: followUp?.date ?? today, category: followUp?.category ?? null, risks: followUp?.risks ?? [],
      description: followUp?.description ?? '', actions: followUp?.actions ?? '',
    },
    validationSchema: config.schema,
    action: followUp ? apiPaths.followUpEdit(student.id, kind as 'break' | 'abandon', followUp.id) : apiPaths.followUpNew(student.id, kind),
    toPayload: (values) => ({
      date: values.date, description: values.description, ...(config.categories ? { category: values.category } : {}),
      ...(config.risks ? { risks: values.risks } : {}), ...(config.actions ? { actions: values.actions } : {}),
    }),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('teaching.studentFollowUps', { student: student.id });
    },
  });
  const values = form.formik.values;
  const descriptionRequired = kind === 'disciplinary' || kind === 'prevent-registration-break';
  return (
    <Stack gap="lg" data-testid="follow-up-form-page">
      <PageTitle
        back={<PageLink page="teaching.studentFollowUps" params={{ student: student.id }}><Text size="sm">← {fullName(student)}</Text></PageLink>}
        title={t(`teaching.followUp.${followUp ? 'edit' : 'new'}.${kind}`)}
        intro={`${fullName(student)} · ${student.campus.name}`}
      />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <ServerForm form={form} data-testid="follow-up-form">
          <DateField
            id="date" label={t(`teaching.followUp.dateLabel.${kind}`)} required
            maxDate={kind === 'disciplinary' || kind === 'prevent-registration-break' ? today : undefined}
            {...form.inputProps('date')} data-testid="follow-up-date"
          />
          {config.categories && (
            <Select
              id="category" name="category" label={t(`teaching.followUp.categoryLabel.${kind}`)} required allowDeselect={false}
              data={config.categories.map((c) => ({ value: c, label: t(`${config.categoryKey}.${c}`) }))}
              value={values.category} onChange={(v) => setField(form, 'category', v)} error={errorOf(form, 'category')} data-testid="follow-up-category"
            />
          )}
          {config.risks && (
            <Checkbox.Group id="risks" label={t('teaching.followUp.risks')} withAsterisk value={values.risks} onChange={(v) => setField(form, 'risks', v)} error={errorOf(form, 'risks')}>
              <Group mt="xs">
                {breakRisks.map((risk) => <Checkbox key={risk} value={risk} name="risks" label={t(`teaching.breakRisk.${risk}`)} data-testid={`follow-up-risk-${risk}`} />)}
              </Group>
            </Checkbox.Group>
          )}
          <Textarea id="description" label={t('teaching.followUp.description')} required={descriptionRequired} autosize minRows={3} {...form.inputProps('description')} data-testid="follow-up-description" />
          {config.actions && <Textarea id="actions" label={t('teaching.followUp.actions')} autosize minRows={2} {...form.inputProps('actions')} />}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="follow-up-save">{t('teaching.common.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
