import { useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useServerForm } from '../../../shared/form';
import { ViolationError } from '../../../shared/http';
import type { LessonEvent } from '../calendar/api';
import { optionsOfCampuses, usePlanningOptions } from '../shared/usePlanningOptions';
import { ActionStep } from './ActionStep';
import { startEditMany, type Operation } from './api';
import { ConfirmStep } from './ConfirmStep';
import { editManyBody, initialMassEdit, massEditSchema, stepOfEditPath, type MassEditValues } from './massEdit';
import { initialSelection, SelectionStep, type SelectionFilters } from './SelectionStep';
import { useRequestId } from './useRequestId';
import { firstStepOf, noEnterSubmit, stepErrors } from './wizard';
import { WizardFrame } from './WizardFrame';

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
    <WizardFrame
      wizard="edit"
      width={1200}
      form={form}
      step={step}
      lastStep={2}
      onStep={setStep}
      onNext={() => void next()}
      startButton={
        <Button type="submit" color={values.action === 'delete' ? 'red' : undefined} loading={form.submitting} data-testid="edit-start">
          {t(`planning.bulk.edit.start.${values.action}`)}
        </Button>
      }
      operation={operation}
      onAnother={another}
      optionErrors={optionErrors}
    >
      <div hidden={step !== 0} onKeyDownCapture={noEnterSubmit}>
        <SelectionStep form={form} options={options} tried={tried[0]} filters={filters} onFilters={setFilters} lessons={lessons} onLessons={setLessons} />
      </div>
      <div hidden={step !== 1} onKeyDownCapture={noEnterSubmit}>
        <ActionStep form={form} options={scoped} tried={tried[1]} count={values.lessonIds.length} />
      </div>
      {step === 2 && <ConfirmStep body={editManyBody(values)} lessons={lessons ?? []} />}
    </WizardFrame>
  );
}
