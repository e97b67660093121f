import { Alert, Anchor, Card, FileInput, Group, Select, Stack, Text, Textarea, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateRange } from '../../shared/format';
import { justificationFile, justificationReasons, justificationSchema } from '@alterna/attendance/validation';
import { parisTime } from '@alterna/planning/validation';
import { PageLink, useGoTo } from '../../navigation';
import { DateField } from '../../shared/DateFields';
import { ServerForm, useServerForm } from '../../shared/form';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { JustificationBadge, KindBadge } from './AbsenceBadges';
import { documentUrl, loadAbsenceJustification, sendJustification, type Justification, type JustificationFormValues } from './absences-api';
import { usePageParams } from '../../page-params';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/**
 * SPEC §2 `add-justificative` (a period) and `{absence}/show-justificative/{readOnly}` (one absence: its
 * justification, or the form when there is none and readOnly is 0).
 */
export function JustificationPage() {
  const { t } = useTranslation();
  const params = usePageParams('attendance.addJustificative', 'attendance.showJustificative');
  const absenceId = params.absence ?? null;
  const readOnly = params.readOnly === '1';
  const page = usePageData(['attendance.absenceJustification', absenceId, readOnly], () => loadAbsenceJustification(absenceId!, readOnly), { enabled: !!absenceId });
  const existing = page.data?.justification;
  const showForm = !absenceId || (page.data && !readOnly && (!existing || existing.status === 'refused'));
  return (
    <Stack gap="lg" maw={720} data-testid="justification-page">
      <PageTitle
        title={t(absenceId ? 'attendance.absences.showTitle' : 'attendance.absences.addTitle')}
        intro={t('attendance.absences.formIntro')}
        back={<PageLink page="attendance.myAbsences">{t('attendance.absences.back')}</PageLink>}
      />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && (
        <Card withBorder radius="md" padding="md">
          <Group gap="sm">
            <KindBadge absence={page.data.absence} />
            <Text size="sm">
              {formatDate(page.data.absence.startAt)} {parisTime(page.data.absence.startAt)}–{parisTime(page.data.absence.endAt)} · {page.data.absence.schoolSubject ?? '—'}
            </Text>
          </Group>
        </Card>
      )}
      {existing && <JustificationCard justification={existing} />}
      {showForm && <JustificationForm absenceId={absenceId} />}
    </Stack>
  );
}

function JustificationCard({ justification: j }: { justification: Justification }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="justification-card">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600}>{t(`attendance.justification.reasons.${j.reason}`)}</Text>
          <JustificationBadge status={j.status} />
        </Group>
        <Text size="sm">{formatDateRange(j.startDate, j.endDate)}</Text>
        {j.comment && <Text size="sm" c="dimmed">{j.comment}</Text>}
        {j.document && <Anchor href={documentUrl(j.id)} size="sm">{j.document.filename}</Anchor>}
        {j.decisionComment && <Text size="sm">{t('attendance.absences.decisionComment', { comment: j.decisionComment })}</Text>}
      </Stack>
    </Card>
  );
}

function JustificationForm({ absenceId }: { absenceId: string | null }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const day = today();
  const form = useServerForm<JustificationFormValues>({
    initialValues: { reason: '', comment: '', startDate: day, endDate: day, file: null },
    // One absence's day is the absence's: the schema's dates hold for a period only.
    validationSchema: absenceId ? justificationSchema.pick(['reason', 'comment']) : justificationSchema,
    action: (values) => sendJustification(values, absenceId),
    onSuccess: async () => {
      toast.success(t('attendance.absences.sent'));
      await goTo('attendance.myAbsences');
    },
  });
  const { formik } = form;
  return (
    <Card withBorder radius="md" padding="lg">
      <ServerForm form={form} data-testid="justification-form">
        <Select
          id="reason" name="reason" label={t('attendance.absences.reason')} required placeholder={t('attendance.absences.chooseReason')}
          data={justificationReasons.map((reason) => ({ value: reason, label: t(`attendance.justification.reasons.${reason}`) }))}
          value={formik.values.reason || null}
          onChange={(value) => {
            void formik.setFieldValue('reason', value ?? '');
            form.clearFieldError('reason');
          }}
          error={form.fieldError('reason')}
          comboboxProps={{ withinPortal: true }}
        />
        {!absenceId && (
          <Group grow align="flex-start">
            <DateField id="startDate" label={t('attendance.absences.startDate')} required {...form.inputProps('startDate')} />
            <DateField id="endDate" label={t('attendance.absences.endDate')} required {...form.inputProps('endDate')} />
          </Group>
        )}
        <Textarea id="comment" label={t('attendance.absences.comment')} autosize minRows={2} {...form.inputProps('comment')} />
        <FileInput
          id="file" name="file" label={t('attendance.absences.document')} required clearable
          description={t('attendance.absences.documentHelp', { size: justificationFile.maxBytes / 1024 / 1024 })}
          accept={justificationFile.accept.join(',')} placeholder={t('attendance.absences.chooseFile')}
          value={formik.values.file}
          onChange={(file) => {
            void formik.setFieldValue('file', file);
            form.clearFieldError('file');
          }}
          error={form.fieldError('file')}
          data-testid="justification-file"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} data-testid="justification-submit">
            {t('attendance.absences.send')}
          </Button>
        </Group>
      </ServerForm>
    </Card>
  );
}
