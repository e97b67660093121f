import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { FormikValues } from 'formik';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../shared/DecimalInput';
import type { ServerFormApi } from '../../shared/form';
import { blocksHours, type BlockValues, type SchoolSubject } from './api';
import { errorOf, setField } from './fields';

interface Props<V extends FormikValues & { blocks: BlockValues[] }> {
  form: ServerFormApi<V>;
  subjects: SchoolSubject[];
  readOnly?: boolean;
  testId: string;
}

/** Blocks of school subjects with hours, as the certifier base and the variants hold them. */
export function BlocksEditor<V extends FormikValues & { blocks: BlockValues[] }>({ form, subjects, readOnly = false, testId }: Props<V>) {
  const { t } = useTranslation();
  const blocks = form.formik.values.blocks;
  const setBlocks = (next: BlockValues[]) => setField(form, 'blocks', next);
  const chosen = new Set(blocks.flatMap((b) => b.subjects.map((s) => s.schoolSubjectId)));
  // Archived subjects are no longer offered, but stay readable where a plan already holds them.
  const options = subjects
    .filter((s) => !s.archived || chosen.has(s.id))
    .map((s) => ({ value: s.id, label: `${s.shortName} – ${s.name}${s.archived ? ` (${t('trainings.subjects.archived')})` : ''}` }));

  return (
    <Stack gap="sm" data-testid={testId}>
      {blocks.length === 0 && <Text c="dimmed" size="sm">{t('trainings.plan.noBlocks')}</Text>}
      {blocks.map((block, i) => (
        <Card key={i} withBorder radius="md" padding="sm" data-testid="plan-block">
          <Group align="flex-end" wrap="nowrap" mb="xs">
            <TextInput
              style={{ flex: 1 }}
              name={`blocks[${i}].name`}
              label={t('trainings.plan.blockName')}
              required
              readOnly={readOnly}
              value={block.name}
              onChange={(e) => setField(form, `blocks[${i}].name`, e.currentTarget.value)}
              error={errorOf(form, `blocks[${i}].name`)}
              data-testid="block-name"
            />
            {!readOnly && (
              <Button variant="subtle" color="red" onClick={() => setBlocks(blocks.filter((_, k) => k !== i))} data-testid="block-remove">
                {t('trainings.plan.removeBlock')}
              </Button>
            )}
          </Group>
          <Stack gap={6} pl="md">
            {block.subjects.map((line, j) => {
              const path = `blocks[${i}].subjects[${j}]`;
              return (
                <Group key={j} align="flex-start" wrap="nowrap" data-testid="block-subject">
                  <Select
                    style={{ flex: 1 }}
                    name={`${path}.schoolSubjectId`}
                    aria-label={t('trainings.plan.subject')}
                    placeholder={t('trainings.plan.subject')}
                    data={options}
                    searchable
                    readOnly={readOnly}
                    value={line.schoolSubjectId}
                    onChange={(value) => setField(form, `${path}.schoolSubjectId`, value)}
                    error={errorOf(form, `${path}.schoolSubjectId`)}
                    nothingFoundMessage={t('select.nothingFound')}
                    data-testid="line-subject"
                  />
                  <DecimalInput
                    w={130}
                    name={`${path}.hours`}
                    aria-label={t('trainings.plan.hours')}
                    placeholder={t('trainings.plan.hours')}
                    rightSection={<Text size="xs" c="dimmed">h</Text>}
                    readOnly={readOnly}
                    value={line.hours}
                    onChange={(value) => setField(form, `${path}.hours`, value)}
                    onBlur={() => void form.formik.setFieldTouched(`${path}.hours`, true)}
                    error={errorOf(form, `${path}.hours`)}
                    data-testid="line-hours"
                  />
                  {!readOnly && (
                    <Tooltip label={t('trainings.plan.removeSubject')} openDelay={300}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={6}
                        aria-label={t('trainings.plan.removeSubject')}
                        onClick={() => setField(form, `blocks[${i}].subjects`, block.subjects.filter((_, k) => k !== j))}
                        data-testid="line-remove"
                      >
                        ×
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
            {!readOnly && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setField(form, `blocks[${i}].subjects`, [...block.subjects, { schoolSubjectId: null, hours: null }])}
                  data-testid="line-add"
                >
                  {t('trainings.plan.addSubject')}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      ))}
      <Group justify="space-between">
        {!readOnly ? (
          <Button variant="default" onClick={() => setBlocks([...blocks, { name: '', subjects: [{ schoolSubjectId: null, hours: null }] }])} data-testid="block-add">
            {t('trainings.plan.addBlock')}
          </Button>
        ) : (
          <span />
        )}
        <Text size="sm" c="dimmed" data-testid="blocks-total">{t('trainings.plan.totalHours', { hours: blocksHours(blocks) })}</Text>
      </Group>
    </Stack>
  );
}
