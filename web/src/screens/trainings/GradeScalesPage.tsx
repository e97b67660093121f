import { ActionIcon, Alert, Button, Card, Center, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { gradeScaleSchema } from '@alterna/trainings/validation';
import { useMe } from '../../session';
import { DecimalInput } from '../../shared/DecimalInput';
import { ServerForm, useServerForm } from '../../shared/form';
import { usePageSearch } from '../../page-search';
import { usePageQuery } from '../../shared/page-query';
import { toast } from '../../shared/toast';
import { apiPaths, type GradeScaleElement, type Training } from './api';
import { can, errorOf, setField } from './fields';
import { gradeScaleQuery, shownTraining, trainingsQuery } from './queries';

/** Grade scales: per training, elements each weighted by a coefficient (SPEC §5). */
export function GradeScalesPage() {
  const { t } = useTranslation();
  // Loaded by the route's loader (page-loaders.ts): the trainings and the scale shown are in the cache when the page renders.
  const trainingList = usePageQuery(trainingsQuery, {}, {});
  const trainings: Training[] | null = trainingList.data ?? null;
  // The training shown is in the URL (?training=), the first one by default.
  const [search, setSearch] = usePageSearch('trainings.gradeScales');
  const trainingId = shownTraining(search, trainingList.data);
  const scale = usePageQuery(gradeScaleQuery, {}, { trainingId: trainingId ?? '' }, { enabled: !!trainingId });
  const elements: GradeScaleElement[] | null = scale.data?.elements ?? null;
  const error = trainingList.error ?? scale.error;

  return (
    <Stack gap="lg" data-testid="grade-scales-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('trainings.gradeScales.title')} intro={t('trainings.gradeScales.intro')} />
        <Select
          label={t('trainings.gradeScales.training')}
          w={360}
          searchable
          allowDeselect={false}
          data={(trainings ?? []).map((tr) => ({ value: tr.id, label: `${tr.shortName} – ${tr.name}` }))}
          value={trainingId}
          onChange={(training) => setSearch({ training })}
          data-testid="grade-scale-training"
        />
      </Group>
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Card withBorder radius="lg" padding="lg" maw={760}>
        {trainings !== null && trainings.length === 0 ? (
          <Text c="dimmed">{t('trainings.list.empty')}</Text>
        ) : elements === null || !trainingId ? (
          <Center p="xl">{!error && <Loader size="sm" />}</Center>
        ) : (
          <GradeScaleForm key={`${trainingId}-${JSON.stringify(elements)}`} trainingId={trainingId} elements={elements} onSaved={() => void scale.reload()} />
        )}
      </Card>
    </Stack>
  );
}

/** An element already saved keeps its id: the server updates it in place, so the exams tied to it stay tied. */
interface ScaleValues {
  elements: { id?: string; name: string; coefficient: number | null }[];
}

function GradeScaleForm({ trainingId, elements, onSaved }: { trainingId: string; elements: GradeScaleElement[]; onSaved: (elements: GradeScaleElement[]) => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const readOnly = !can(me?.permissions, 'trainings.training.update');
  const form = useServerForm<ScaleValues, { message: string; elements: GradeScaleElement[] }>({
    initialValues: { elements: elements.map((e) => ({ id: e.id, name: e.name, coefficient: e.coefficient })) },
    validationSchema: gradeScaleSchema,
    action: apiPaths.gradeScale(trainingId),
    onSuccess: (result) => {
      toast.success(result.message);
      onSaved(result.elements);
    },
  });
  const list = form.formik.values.elements;
  return (
    <ServerForm form={form} data-testid="grade-scale-form">
      {list.length === 0 && <Text c="dimmed" size="sm">{t('trainings.gradeScales.empty')}</Text>}
      {list.map((element, i) => (
        <Group key={i} align="flex-start" wrap="nowrap" data-testid="grade-scale-element">
          <TextInput
            style={{ flex: 1 }} name={`elements[${i}].name`} label={i === 0 ? t('trainings.gradeScales.element') : undefined}
            aria-label={t('trainings.gradeScales.element')} required readOnly={readOnly}
            value={element.name} onChange={(e) => setField(form, `elements[${i}].name`, e.currentTarget.value)} error={errorOf(form, `elements[${i}].name`)}
          />
          <DecimalInput
            w={150} name={`elements[${i}].coefficient`} label={i === 0 ? t('trainings.gradeScales.coefficient') : undefined} withAsterisk
            aria-label={t('trainings.gradeScales.coefficient')} readOnly={readOnly}
            value={element.coefficient}
            onChange={(value) => setField(form, `elements[${i}].coefficient`, value)}
            onBlur={() => void form.formik.setFieldTouched(`elements[${i}].coefficient`, true)}
            error={errorOf(form, `elements[${i}].coefficient`)}
            data-testid="grade-scale-coefficient"
          />
          {!readOnly && (
            <ActionIcon variant="subtle" color="red" mt={i === 0 ? 30 : 6} aria-label={t('trainings.gradeScales.removeElement')}
              onClick={() => setField(form, 'elements', list.filter((_, k) => k !== i))}>
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && (
        <Group justify="space-between">
          <Button variant="default" onClick={() => setField(form, 'elements', [...list, { name: '', coefficient: null }])} data-testid="grade-scale-add">
            {t('trainings.gradeScales.addElement')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="grade-scale-save">{t('trainings.common.save')}</Button>
        </Group>
      )}
    </ServerForm>
  );
}
