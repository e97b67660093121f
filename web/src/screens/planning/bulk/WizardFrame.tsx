import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Group, Stack, Stepper, Text } from '@mantine/core';
import type { FormikValues } from 'formik';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../navigation';
import { firstFocusable } from '../../../shared/focus';
import { ServerForm, type ServerFormApi } from '../../../shared/form';
import { PageTitle } from '../../../shared/PageTitle';
import type { Operation } from './api';
import { RunPanel } from './RunPanel';

interface WizardFrameProps<V extends FormikValues> {
  /** Which wizard: its texts are `planning.bulk.<wizard>.*`, its test ids `mass-<wizard>-*`. */
  wizard: 'create' | 'edit';
  width: number;
  form: ServerFormApi<V>;
  step: number;
  /** The form's last step: it shows the start button instead of "Next". */
  lastStep: number;
  onStep(step: number): void;
  onNext(): void;
  startButton: ReactNode;
  /** The started run: its live progress and results replace the form. */
  operation: Operation | null;
  onAnother(): void;
  optionErrors: string[];
  /** The steps' contents, all mounted (hidden ones keep their values). */
  children: ReactNode;
}

/** What both planning wizards share: title, stepper (the run as last step), the steps' card and its buttons. */
export function WizardFrame<V extends FormikValues>(props: WizardFrameProps<V>) {
  const { t } = useTranslation();
  const { wizard, step, operation } = props;
  const card = useRef<HTMLDivElement>(null);
  const run = useRef<HTMLDivElement>(null);
  // The button that changed the view (Next, Previous, Start) is gone or hidden: the new step's first field, or the
  // run, takes the focus, so the keyboard goes on from there instead of from the top of the page.
  const running = !!operation;
  const view = operation ? `run:${operation.id}` : `step:${step}`;
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    (running ? run.current : firstFocusable(card.current))?.focus();
  }, [view, running]);
  return (
    <Stack gap="lg" maw={props.width} data-testid={`mass-${wizard}-page`}>
      <PageTitle
        title={t(`planning.bulk.${wizard}.title`)}
        intro={t(`planning.bulk.${wizard}.intro`)}
        back={
          <PageLink page="planning.calendar">
            <Text size="sm">← {t('planning.bulk.backToCalendar')}</Text>
          </PageLink>
        }
      />
      {props.optionErrors.length > 0 && (
        <Alert color="red" variant="light">
          {props.optionErrors.join(' ')}
        </Alert>
      )}
      <Stepper active={operation ? props.lastStep + 1 : step} onStepClick={(target) => !operation && target < step && props.onStep(target)} size="sm" data-testid={`${wizard}-stepper`}>
        {[1, 2, 3].map((n) => (
          <Stepper.Step key={n} label={t(`planning.bulk.${wizard}.step${n}`)} description={t(`planning.bulk.${wizard}.step${n}Hint`)} />
        ))}
      </Stepper>
      {operation ? (
        <Box ref={run} tabIndex={-1} role="region" aria-label={t('planning.bulk.run.progress')} data-testid="run-region">
          <RunPanel key={operation.id} initial={operation} onAnother={props.onAnother} anotherLabel={t(`planning.bulk.${wizard}.another`)} />
        </Box>
      ) : (
        <Card ref={card} withBorder radius="lg" padding="lg">
          <ServerForm form={props.form} data-testid={`mass-${wizard}-form`}>
            {props.children}
            <Group justify="space-between">
              {step > 0 ? (
                <Button variant="default" onClick={() => props.onStep(step - 1)} data-testid="wizard-back">
                  {t('planning.bulk.previous')}
                </Button>
              ) : (
                <span />
              )}
              {step < props.lastStep ? (
                // Keys: a new element, so the click on "Next" never becomes a submit of the step it opens.
                <Button key="next" onClick={props.onNext} data-testid="wizard-next">
                  {t('planning.bulk.next')}
                </Button>
              ) : (
                <span key="start">{props.startButton}</span>
              )}
            </Group>
          </ServerForm>
        </Card>
      )}
    </Stack>
  );
}
