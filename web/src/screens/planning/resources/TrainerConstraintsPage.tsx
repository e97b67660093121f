import { useState } from 'react';
import { Alert, Badge, Button, Card, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../shared/dialogs';
import { errorMessage, requestJson } from '../../../shared/http';
import { usePageData } from '../../../shared/queries';
import { PageTitle } from '../../../shared/PageTitle';
import { SearchSelect, formatPersonOption } from '../../../shared/SearchSelect';
import { toast } from '../../../shared/toast';
import { loadConstraints, resourceRoutes, searchTeachers, type Person, type TeacherConstraints, type TrainerConstraint } from './api';
import { ConstraintForm } from './ConstraintForm';
import { HiddenHeader } from '../../../shared/HiddenHeader';

/** A trainer's constraints (when not to plan them): pick a trainer, see and change the list. */
export function TrainerConstraintsPage() {
  const { t, i18n } = useTranslation();
  const [teacher, setTeacher] = useState<Person | null>(null);
  const [editing, setEditing] = useState<TrainerConstraint | null>(null);
  const teacherId = teacher?.id ?? null;
  const page = usePageData(['planning.trainer-constraints', teacherId], () => loadConstraints(teacherId!), { enabled: !!teacherId });
  // Never the previous trainer's list under another trainer's name.
  const data: TeacherConstraints | null = teacherId && page.data?.teacher.id === teacherId ? page.data : null;
  const { error, reload: load } = page;

  const day = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  const period = (c: TrainerConstraint) =>
    c.allDay ? t('planning.resources.constraint.daysRange', { start: day(c.startDate), end: day(c.endDate) }) : t('planning.resources.constraint.timeRange', { day: day(c.startDate), start: c.startTime, end: c.endTime });

  const remove = async (c: TrainerConstraint) => {
    const ok = await confirm({ title: t('planning.resources.constraint.deleteTitle'), message: t('planning.resources.constraint.deleteConfirm', { period: period(c) }), confirmLabel: t('planning.resources.delete'), color: 'red' });
    if (!ok) return;
    try {
      toast.success((await requestJson<{ message: string }>('POST', resourceRoutes.constraintDelete(c.id))).message);
      if (editing?.id === c.id) setEditing(null);
      void load();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <Stack gap="lg" maw={1200} data-testid="trainer-constraints-page">
      <PageTitle title={t('planning.resources.constraint.pageTitle')} intro={t('planning.resources.constraint.intro')} />
      <SearchSelect<Person>
        label={t('planning.resources.constraint.teacher')}
        placeholder={t('planning.resources.constraint.teacherPlaceholder')}
        loadOptions={(search) => searchTeachers(search)}
        formatOption={formatPersonOption}
        getOptionValue={(p) => p.id}
        value={teacherId}
        selected={teacher}
        onChange={(_, item) => {
          setEditing(null);
          setTeacher(item);
        }}
        maw={420}
        data-testid="constraint-teacher"
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {!teacher && (
        <Text c="dimmed" data-testid="constraint-no-teacher">
          {t('planning.resources.constraint.chooseTeacher')}
        </Text>
      )}
      {teacher && data && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: data.canUpdate ? 7 : 12 }}>
            <Card withBorder radius="lg" padding="lg">
              <Title order={3} fz={18} mb="sm">
                {t('planning.resources.constraint.listTitle', { name: formatPersonOption(data.teacher) })}
              </Title>
              {data.constraints.length === 0 ? (
                <Text c="dimmed" size="sm" data-testid="constraints-empty">
                  {t('planning.resources.constraint.empty')}
                </Text>
              ) : (
                <Table verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('planning.resources.constraint.period')}</Table.Th>
                      <Table.Th>{t('planning.resources.constraint.description')}</Table.Th>
                      <HiddenHeader />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.constraints.map((c) => (
                      <Table.Tr key={c.id} data-testid="constraint-row" bg={editing?.id === c.id ? 'var(--mantine-color-indigo-0)' : undefined}>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={c.allDay ? 'grape' : 'cyan'} tt="none" mb={4}>
                            {t(c.allDay ? 'planning.resources.constraint.wholePeriod' : 'planning.resources.constraint.timeSlot')}
                          </Badge>
                          <Text size="sm">{period(c)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={c.description ? undefined : 'dimmed'}>
                            {c.description ?? '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          {data.canUpdate && (
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <Button size="compact-xs" variant="default" onClick={() => setEditing(c)}>
                                {t('planning.resources.edit')}
                              </Button>
                              <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(c)}>
                                {t('planning.resources.delete')}
                              </Button>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          </Grid.Col>
          {data.canUpdate && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Card withBorder radius="lg" padding="lg">
                <Title order={3} fz={18} mb="sm">
                  {t(editing ? 'planning.resources.constraint.editTitle' : 'planning.resources.constraint.newTitle')}
                </Title>
                <ConstraintForm
                  key={editing?.id ?? `new-${data.teacher.id}`}
                  teacherId={data.teacher.id}
                  constraint={editing}
                  onCancel={() => setEditing(null)}
                  onSaved={() => {
                    setEditing(null);
                    void load();
                  }}
                />
              </Card>
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
