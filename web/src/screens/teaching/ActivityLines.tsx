import { ActionIcon, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormikValues } from 'formik';
import { activityWording, lineTotal } from '@alterna/teaching/validation';
import { DecimalInput } from '../../shared/DecimalInput';
import type { ServerFormApi } from '../../shared/form';
import type { RelatedActivity } from './api';
import { errorOf, setField, useNumber } from './common';

export interface ActivityLineValue {
  relatedActivityId: string | null;
  amount: number | null;
  price: number | null;
}

/** A line's total; NaN until both numbers are typed. */
const totalOf = (line: ActivityLineValue) => lineTotal(line.amount ?? Number.NaN, line.price ?? Number.NaN);

/**
 * Related activity lines (SPEC §3): activity, amount, price. An hourly activity speaks of hours and an
 * hourly rate, any other of a quantity and a unit price (SPEC §9); each line shows its total.
 */
export function ActivityLines<V extends FormikValues & { relatedActivityLines: ActivityLineValue[] }>({
  form,
  activities,
}: {
  form: ServerFormApi<V>;
  activities: RelatedActivity[];
}) {
  const { t } = useTranslation();
  const { money } = useNumber();
  const lines = form.formik.values.relatedActivityLines;
  const set = (next: ActivityLineValue[]) => setField(form, 'relatedActivityLines', next);
  const total = lines.reduce((sum, line) => {
    const value = totalOf(line);
    return Number.isFinite(value) ? sum + value : sum;
  }, 0);

  return (
    <Stack gap="xs" data-testid="activity-lines">
      {lines.length > 0 && (
        <Table verticalSpacing={6} withRowBorders={false}>
          <Table.Tbody>
            {lines.map((line, i) => {
              const activity = activities.find((a) => a.id === line.relatedActivityId);
              const wording = activity ? activityWording(activity.isHour) : { amount: 'teaching.activity.amount', price: 'teaching.activity.price' };
              const value = totalOf(line);
              return (
                <Table.Tr key={i} data-testid="activity-line" data-is-hour={activity ? String(activity.isHour) : ''}>
                  <Table.Td w="40%">
                    <Select
                      id={`relatedActivityLines[${i}].relatedActivityId`} name={`relatedActivityLines[${i}].relatedActivityId`}
                      label={t('teaching.activity.activity')} required
                      data={activities.map((a) => ({ value: a.id, label: `${t(`teaching.relatedActivity.${a.reference}`)} (${t(a.isHour ? 'teaching.activity.perHour' : 'teaching.activity.perUnit')})` }))}
                      value={line.relatedActivityId}
                      onChange={(v) => setField(form, `relatedActivityLines[${i}].relatedActivityId`, v)}
                      error={errorOf(form, `relatedActivityLines[${i}].relatedActivityId`)}
                      data-testid="activity-line-activity"
                    />
                  </Table.Td>
                  <Table.Td>
                    <DecimalInput
                      id={`relatedActivityLines[${i}].amount`} name={`relatedActivityLines[${i}].amount`} required
                      label={t(wording.amount)} value={line.amount}
                      onChange={(value) => setField(form, `relatedActivityLines[${i}].amount`, value)}
                      onBlur={() => void form.formik.setFieldTouched(`relatedActivityLines[${i}].amount`, true)}
                      error={errorOf(form, `relatedActivityLines[${i}].amount`)}
                      data-testid="activity-line-amount"
                    />
                  </Table.Td>
                  <Table.Td>
                    <DecimalInput
                      id={`relatedActivityLines[${i}].price`} name={`relatedActivityLines[${i}].price`} required
                      label={t(wording.price)} value={line.price}
                      onChange={(value) => setField(form, `relatedActivityLines[${i}].price`, value)}
                      onBlur={() => void form.formik.setFieldTouched(`relatedActivityLines[${i}].price`, true)}
                      error={errorOf(form, `relatedActivityLines[${i}].price`)}
                      data-testid="activity-line-price"
                    />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'bottom', paddingBottom: 14 }}>
                    <Text size="sm" fw={600} data-testid="activity-line-total">{Number.isFinite(value) ? money(value) : '—'}</Text>
                  </Table.Td>
                  <Table.Td w={40} style={{ verticalAlign: 'bottom', paddingBottom: 10 }}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('teaching.common.remove')} onClick={() => set(lines.filter((_, j) => j !== i))} data-testid="activity-line-remove">
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Button variant="light" size="xs" onClick={() => set([...lines, { relatedActivityId: null, amount: null, price: null }])} data-testid="activity-line-add">
          {t('teaching.activity.add')}
        </Button>
        {lines.length > 0 && <Text size="sm" fw={600} data-testid="activity-lines-total">{t('teaching.activity.total', { amount: money(total) })}</Text>}
      </Group>
      {errorOf(form, 'relatedActivityLines') && <Text size="sm" c="red" data-testid="activity-lines-error">{errorOf(form, 'relatedActivityLines')}</Text>}
    </Stack>
  );
}
