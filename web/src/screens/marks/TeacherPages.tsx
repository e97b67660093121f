import { Alert, Badge, Button, Card, Grid, Group, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { markSheetSchema, maxAppraisalLength, markStatuses, semesters, type MarkStatus } from '@alterna/marks/validation';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { DecimalInput } from '../../shared/DecimalInput';
import { formatDate, personName } from '../../shared/format';
import { ServerForm, useServerForm } from '../../shared/form';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { examSheetUrl, loadExamSheet, loadGradableExams, type ExamSheet } from './api';
import { HiddenHeader } from '../../shared/HiddenHeader';
import { usePageParams } from '../../page-params';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

/** The grading pages in the teacher's space, or in the staff's for a campus manager. */
function useGradingPages() {
  return useMe()?.space === 'staff' ? ({ list: 'marks.staffExams', exam: 'marks.staffExam' } as const) : ({ list: 'marks.exams', exam: 'marks.exam' } as const);
}

/** The teacher's exams to grade (their own; a manager's: the campus's), newest first. */
export function GradableExamsPage() {
  const { t } = useTranslation();
  const grading = useGradingPages();
  const page = usePageData(['marks.exams'], loadGradableExams);
  const exams = page.data?.exams ?? [];
  return (
    <Stack gap="lg" data-testid="gradable-exams-page">
      <PageTitle title={t('marks.exams.title')} intro={t('marks.exams.intro')} />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !exams.length && <Text c="dimmed">{t('marks.exams.none')}</Text>}
      {!!exams.length && (
        <Card className="stacked-frame" withBorder radius="lg" padding={0}>
          <StackedTable striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('marks.mine.date')}</Table.Th>
                <Table.Th>{t('marks.mine.subject')}</Table.Th>
                <Table.Th>{t('marks.mine.exam')}</Table.Th>
                <Table.Th>{t('marks.mine.semester')}</Table.Th>
                <Table.Th ta="right">{t('marks.exams.entered')}</Table.Th>
                <HiddenHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exams.map((exam) => (
                <Table.Tr key={exam.id} data-testid="gradable-exam" data-title={exam.title}>
                  <StackedCell label={t('marks.mine.date')}>{formatDate(exam.date)}</StackedCell>
                  <StackedCell label={t('marks.mine.subject')}>{exam.subject}</StackedCell>
                  <StackedCell label={t('marks.mine.exam')}>{exam.title}</StackedCell>
                  <StackedCell label={t('marks.mine.semester')}>{exam.semester ? t('marks.semester', { semester: exam.semester }) : <Badge color="orange" variant="light">{t('marks.exams.notTied')}</Badge>}</StackedCell>
                  <StackedCell label={t('marks.exams.entered')} ta="right">{exam.marks}</StackedCell>
                  <StackedCell ta="right">
                    <Button component={PageLink} page={grading.exam} params={{ exam: exam.id }} size="xs" variant="light" className="touch-target" data-testid="enter-marks">{t('marks.exams.enter')}</Button>
                  </StackedCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        </Card>
      )}
    </Stack>
  );
}

export function ExamMarksPage() {
  const { exam } = usePageParams('marks.exam', 'marks.staffExam');
  const page = usePageData(['marks.exam', exam], () => loadExamSheet(exam), { keepPrevious: false });
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  return page.data ? <MarksGrid sheet={page.data} reload={page.reload} /> : null;
}

interface Line {
  studentId: string;
  status: MarkStatus;
  value: number | null;
  appraisal: string;
}
interface SheetValues {
  gradeScaleElementId: string;
  semester: number;
  marks: Line[];
}

/** The exam's grid: a line per student (mark, or absent / excused), the element and semester it counts for; one save sends it all. */
function MarksGrid({ sheet, reload }: { sheet: ExamSheet; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const grading = useGradingPages();
  const form = useServerForm<SheetValues>({
    initialValues: {
      gradeScaleElementId: sheet.setting?.gradeScaleElementId ?? (sheet.elements.length === 1 ? sheet.elements[0]!.id : ''),
      semester: sheet.setting?.semester ?? 1,
      marks: sheet.students.map((s) => ({ studentId: s.id, status: s.status ?? 'present', value: s.value, appraisal: s.appraisal ?? '' })),
    },
    validationSchema: markSheetSchema,
    action: examSheetUrl(sheet.exam.id),
    onSuccess: async () => {
      toast.success(t('marks.exams.saved'));
      await reload();
    },
  });
  const values = form.formik.values;
  const set = (name: string, value: unknown) => {
    void form.formik.setFieldValue(name, value);
    form.clearFieldError(name);
  };
  return (
    <Stack gap="lg" data-testid="exam-marks-page">
      <PageTitle
        back={<PageLink page={grading.list}><Text size="sm">← {t('marks.exams.title')}</Text></PageLink>}
        title={sheet.exam.title}
        intro={t('marks.exams.sheetIntro', { subject: sheet.exam.subject, date: formatDate(sheet.exam.date), teacher: sheet.exam.teacher, coefficient: sheet.exam.coefficient })}
      />
      <Card withBorder radius="lg" padding="lg">
        <ServerForm form={form} data-testid="marks-form">
          <Group grow align="flex-start">
            <Select
              id="gradeScaleElementId" name="gradeScaleElementId" label={t('marks.exams.element')} required disabled={!sheet.canWrite}
              data={sheet.elements.map((e) => ({ value: e.id, label: t('marks.exams.elementOption', { name: e.name, training: e.training, coefficient: e.coefficient }) }))}
              value={values.gradeScaleElementId || null} onChange={(v) => set('gradeScaleElementId', v ?? '')} error={form.fieldError('gradeScaleElementId')}
              data-testid="marks-element"
            />
            <Select
              id="semester" name="semester" label={t('marks.mine.semester')} required disabled={!sheet.canWrite}
              data={semesters.map((s) => ({ value: String(s), label: t('marks.semester', { semester: s }) }))}
              value={String(values.semester)} onChange={(v) => set('semester', Number(v ?? 1))} error={form.fieldError('semester')} data-testid="marks-semester"
            />
          </Group>
          {!sheet.students.length && <Text c="dimmed">{t('marks.exams.noStudent')}</Text>}
          {/* A line per student: one row on a desktop; on a phone the name, then the status, then the mark and the appraisal. */}
          <Stack gap={0}>
            {sheet.students.map((student, i) => {
              const line = values.marks[i]!;
              return (
                <Grid key={student.id} gap="xs" align="center" py={6} data-testid="mark-line" data-student={student.id}
                  style={{ borderBottom: i < sheet.students.length - 1 ? '1px solid var(--mantine-color-default-border)' : undefined }}>
                  <Grid.Col span={{ base: 12, md: 3 }}>
                    <Text fw={500} size="sm">{personName(student)}</Text>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 'content' }}>
                    <SegmentedControl
                      size="xs" disabled={!sheet.canWrite} value={line.status}
                      data={markStatuses.map((status) => ({ value: status, label: t(`marks.statuses.${status}`) }))}
                      onChange={(status) => {
                        set(`marks[${i}].status`, status);
                        if (status !== 'present') set(`marks[${i}].value`, null);
                      }}
                      data-testid="mark-status"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 2 }} style={{ alignSelf: 'flex-start' }}>
                    <DecimalInput
                      id={`marks[${i}].value`} aria-label={t('marks.exams.markOf', { name: `${student.firstName} ${student.lastName}` })}
                      disabled={!sheet.canWrite || line.status !== 'present'}
                      {...form.decimalProps(`marks[${i}].value`)}
                      error={form.fieldError(`marks[${i}].value`) ?? form.fieldError(`marks[${i}].studentId`)} data-testid="mark-value"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 8, md: 'auto' }} style={{ alignSelf: 'flex-start' }}>
                    <TextInput
                      id={`marks[${i}].appraisal`} name={`marks[${i}].appraisal`} placeholder={t('marks.exams.appraisal')} maxLength={maxAppraisalLength}
                      aria-label={t('marks.exams.appraisalOf', { name: `${student.firstName} ${student.lastName}` })} disabled={!sheet.canWrite}
                      value={line.appraisal} onChange={(e) => set(`marks[${i}].appraisal`, e.currentTarget.value)} error={form.fieldError(`marks[${i}].appraisal`)}
                      data-testid="mark-appraisal"
                    />
                  </Grid.Col>
                </Grid>
              );
            })}
          </Stack>
          {sheet.canWrite && (
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting} data-testid="marks-save">{t('marks.exams.save')}</Button>
            </Group>
          )}
        </ServerForm>
      </Card>
    </Stack>
  );
}
