import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../navigation';
import { ServerForm, useServerForm } from '../../../shared/form';
import { ViolationError } from '../../../shared/http';
import { PageTitle } from '../../../shared/PageTitle';
import type { LessonEvent } from '../calendar/api';
import { optionsOfCampuses, usePlanningOptions } from '../shared/usePlanningOptions';
import { ActionStep } from './ActionStep';
import { startEditMany, type Operation } from './api';
import { ConfirmStep } from './ConfirmStep';
import { editManyBody, initialMassEdit, massEditSchema, stepOfEditPath, type MassEditValues } from './massEdit';
import { RunPanel } from './RunPanel';
import { initialSelection, SelectionStep, type SelectionFilters } from './SelectionStep';
import { useRequestId } from './useRequestId';
import { firstStepOf, noEnterSubmit, stepErrors } from './wizard';

/** Mass edit: step 1 selection, step 2 choice of action, step 3 confirmation with the conflicts; then the run. */
export function MassEditPage() {
  const { t } = useTranslation();
  const { options, errors: optionErrors } = usePlanningOptions();
  const [requestId, renewRequestId] = useRequestId();
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState<[boolean, boolean]>([false, false]);
  const [filters, setFilters] = useState<SelectionFilters>(initialSelection);
  const [lessons, setLessons] = useState<LessonEvent[] | null>(null);
  const [operation, setOperation] = useState<Operation | null>(null);

  const form = useServerForm<MassEditValues, Operation>({
    initialValues: initialMassEdit(),
    validationSchema: massEditSchema,
    action: async (values) => {
      try {
        return await startEditMany(requestId, editManyBody(values));
      } catch (error) {
        const back = error instanceof ViolationError ? firstStepOf(error.violations, stepOfEditPath) : null;
        if (back !== null) setStep(back);
        throw error;
      }
    },
    onSuccess: (started) => setOperation(started),
  });
  const values = form.formik.values;
  // Edit values are offered from the campuses of the selected lessons.
  const campuses = useMemo(() => {
    const chosen = new Set(values.lessonIds);
    return [...new Set((lessons ?? []).filter((l) => chosen.has(l.uuid)).map((l) => l.campus.uuid))];
  }, [lessons, values.lessonIds]);
  const scoped = useMemo(() => optionsOfCampuses(options, campuses), [options, campuses]);

  const next = async () => {
    const current = step;
    setTried(([a, b]) => (current === 0 ? [true, b] : [a, true]));
    const errors = await stepErrors(form, (path) => stepOfEditPath(path) <= current);
    if (errors.length) {
      setStep(Math.min(...errors.map(stepOfEditPath)));
      return;
    }
    setStep(current + 1);
  };
  const another = () => {
    renewRequestId();
    setOperation(null);
    setStep(0);
    setTried([false, false]);
    setLessons(null);
    form.formik.resetForm({ values: initialMassEdit() });
  };

  return (
    <Stack gap="lg" maw={1200} data-testid="mass-edit-page">
      <PageTitle
        title={t('planning.bulk.edit.title')}
        intro={t('planning.bulk.edit.intro')}
        back={
          <PageLink page="planning.calendar">
            <Text size="sm">← {t('planning.bulk.backToCalendar')}</Text>
          </PageLink>
        }
      />
      {optionErrors.length > 0 && (
        <Alert color="red" variant="light">
          {optionErrors.join(' ')}
        </Alert>
      )}
      <Stepper active={operation ? 3 : step} onStepClick={(target) => !operation && target < step && setStep(target)} size="sm" data-testid="edit-stepper">
        <Stepper.Step label={t('planning.bulk.edit.step1')} description={t('planning.bulk.edit.step1Hint')} />
        <Stepper.Step label={t('planning.bulk.edit.step2')} description={t('planning.bulk.edit.step2Hint')} />
        <Stepper.Step label={t('planning.bulk.edit.step3')} description={t('planning.bulk.edit.step3Hint')} />
      </Stepper>
      {operation ? (
        <RunPanel key={operation.id} initial={operation} onAnother={another} anotherLabel={t('planning.bulk.edit.another')} />
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <ServerForm form={form} data-testid="mass-edit-form">
            <div hidden={step !== 0} onKeyDownCapture={noEnterSubmit}>
              <SelectionStep form={form} options={options} tried={tried[0]} filters={filters} onFilters={setFilters} lessons={lessons} onLessons={setLessons} />
            </div>
            <div hidden={step !== 1} onKeyDownCapture={noEnterSubmit}>
              <ActionStep form={form} options={scoped} tried={tried[1]} count={values.lessonIds.length} />
            </div>
            {step === 2 && <ConfirmStep body={editManyBody(values)} lessons={lessons ?? []} />}
            <Group justify="space-between">
              {step > 0 ? (
                <Button variant="default" onClick={() => setStep(step - 1)} data-testid="wizard-back">
                  {t('planning.bulk.previous')}
                </Button>
              ) : (
                <span />
              )}
              {step < 2 ? (
                // Keys: a new element, so the click on "Next" never becomes a submit of the step it opens.
                <Button key="next" onClick={() => void next()} data-testid="wizard-next">
                  {t('planning.bulk.next')}
                </Button>
              ) : (
                <Button key="start" type="submit" color={values.action === 'delete' ? 'red' : undefined} loading={form.submitting} data-testid="edit-start">
                  {t(`planning.bulk.edit.start.${values.action}`)}
                </Button>
              )}
            </Group>
          </ServerForm>
        </Card>
      )}
    </Stack>
  );
}
