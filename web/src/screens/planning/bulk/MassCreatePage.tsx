import { useEffect, useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useServerForm } from '../../../shared/form';
import { ViolationError } from '../../../shared/http';
import { optionsOfCampuses, usePlanningOptions } from '../shared/usePlanningOptions';
import { startCreateMany, type Operation } from './api';
import { ClosedDaysWarning } from './ClosedDaysWarning';
import { FrequencyStep } from './FrequencyStep';
import { LinesStep } from './LinesStep';
import { createManyBody, initialMassCreate, massCreateValidator, stepOfPath, type MassCreateValues } from './massCreate';
import { useRequestId } from './useRequestId';
import { firstStepOf, noEnterSubmit, stepErrors } from './wizard';
import { WizardFrame } from './WizardFrame';

/** Mass creation: step 1 frequency, step 2 lesson details, then the run's live progress and results. */
export function MassCreatePage() {
  const { t } = useTranslation();
  const { options, errors: optionErrors } = usePlanningOptions();
  const [requestId, renewRequestId] = useRequestId();
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState<[boolean, boolean]>([false, false]);
  const [operation, setOperation] = useState<Operation | null>(null);

  const form = useServerForm<MassCreateValues, Operation>({
    initialValues: initialMassCreate([]),
    validationSchema: massCreateValidator(requestId),
    action: async (values) => {
      try {
        return await startCreateMany(createManyBody(requestId, values));
      } catch (error) {
        const back = error instanceof ViolationError ? firstStepOf(error.violations, stepOfPath) : null;
        if (back !== null) setStep(back);
        throw error;
      }
    },
    onSuccess: (started) => setOperation(started),
  });
  const values = form.formik.values;
  const scoped = useMemo(() => optionsOfCampuses(options, values.campuses), [options, values.campuses]);
  // One campus: it is the obvious choice.
  const onlyCampus = options.campuses.length === 1 ? options.campuses[0]!.uuid : null;
  // formik is a new object each render, its setFieldValue the same function.
  const { setFieldValue } = form.formik;
  useEffect(() => {
    if (onlyCampus) void setFieldValue('campuses', [onlyCampus]);
  }, [onlyCampus, setFieldValue]);

  const next = async () => {
    setTried(([, second]) => [true, second]);
    const errors = await stepErrors(form, (path) => stepOfPath(path) === 0);
    if (!errors.length) setStep(1);
  };
  const start = async () => {
    setTried([true, true]);
    const errors = await stepErrors(form, () => true);
    if (errors.length) {
      setStep(Math.min(...errors.map(stepOfPath)));
      return;
    }
    form.handleSubmit();
  };
  const another = () => {
    renewRequestId();
    setOperation(null);
    setStep(0);
    setTried([false, false]);
    form.formik.resetForm({ values: { ...initialMassCreate(values.campuses), name: '' } });
  };

  return (
    <WizardFrame
      wizard="create"
      width={1100}
      form={form}
      step={step}
      lastStep={1}
      onStep={setStep}
      onNext={() => void next()}
      startButton={
        <Button onClick={() => void start()} loading={form.submitting} data-testid="create-start">
          {t('planning.bulk.create.start')}
        </Button>
      }
      operation={operation}
      onAnother={another}
      optionErrors={optionErrors}
    >
      <div hidden={step !== 0} onKeyDownCapture={noEnterSubmit}>
        <FrequencyStep form={form} campuses={options.campuses} tried={tried[0]} />
      </div>
      <div hidden={step !== 1} onKeyDownCapture={noEnterSubmit}>
        {/* Before the run: the days a chosen campus is closed, on which nothing will be created. */}
        {step === 1 && <ClosedDaysWarning values={values} campuses={options.campuses} />}
        <LinesStep form={form} options={scoped} tried={tried[1]} />
      </div>
    </WizardFrame>
  );
}
