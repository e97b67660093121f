import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../navigation';
import { ServerForm, useServerForm } from '../../../shared/form';
import { ViolationError } from '../../../shared/http';
import { PageTitle } from '../../../shared/PageTitle';
import { optionsOfCampuses, usePlanningOptions } from '../shared/usePlanningOptions';
import { startCreateMany, type Operation } from './api';
import { FrequencyStep } from './FrequencyStep';
import { LinesStep } from './LinesStep';
import { createManyBody, initialMassCreate, massCreateValidator, stepOfPath, type MassCreateValues } from './massCreate';
import { RunPanel } from './RunPanel';
import { useRequestId } from './useRequestId';
import { firstStepOf, noEnterSubmit, stepErrors } from './wizard';

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
  useEffect(() => {
    if (onlyCampus) void form.formik.setFieldValue('campuses', [onlyCampus]);
    // formik is a new object each render; the campus list is what matters.
  }, [onlyCampus]);

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
    <Stack gap="lg" maw={1100} data-testid="mass-create-page">
      <PageTitle
        title={t('planning.bulk.create.title')}
        intro={t('planning.bulk.create.intro')}
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
      <Stepper active={operation ? 2 : step} onStepClick={(target) => !operation && target < step && setStep(target)} size="sm" data-testid="create-stepper">
        <Stepper.Step label={t('planning.bulk.create.step1')} description={t('planning.bulk.create.step1Hint')} />
        <Stepper.Step label={t('planning.bulk.create.step2')} description={t('planning.bulk.create.step2Hint')} />
        <Stepper.Step label={t('planning.bulk.create.step3')} description={t('planning.bulk.create.step3Hint')} />
      </Stepper>
      {operation ? (
        <RunPanel key={operation.id} initial={operation} onAnother={another} anotherLabel={t('planning.bulk.create.another')} />
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <ServerForm form={form} data-testid="mass-create-form">
            <div hidden={step !== 0} onKeyDownCapture={noEnterSubmit}>
              <FrequencyStep form={form} campuses={options.campuses} tried={tried[0]} />
            </div>
            <div hidden={step !== 1} onKeyDownCapture={noEnterSubmit}>
              <LinesStep form={form} options={scoped} tried={tried[1]} />
            </div>
            <Group justify="space-between">
              {step > 0 ? (
                <Button variant="default" onClick={() => setStep(step - 1)} data-testid="wizard-back">
                  {t('planning.bulk.previous')}
                </Button>
              ) : (
                <span />
              )}
              {step === 0 ? (
                <Button key="next" onClick={() => void next()} data-testid="wizard-next">
                  {t('planning.bulk.next')}
                </Button>
              ) : (
                <Button key="start" onClick={() => void start()} loading={form.submitting} data-testid="create-start">
                  {t('planning.bulk.create.start')}
                </Button>
              )}
            </Group>
          </ServerForm>
        </Card>
      )}
    </Stack>
  );
}
