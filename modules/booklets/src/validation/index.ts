// The light entry (no server code): the web client's forms share these schemas with the server.
// Messages are i18n keys, translated on each side.
import { isUuid, yup } from '@alterna/core/validation';
import { isIsoDate } from '@alterna/core/dates';
import { bookletModules, itemDateViolations, type BookletModule } from './rules.js';

export * from './rules.js';
export * from './signatures.js';

export const maxTitleLength = 200;
export const maxTextLength = 10_000;
export const maxTasks = 50;
export const maxSkills = 50;
/** SPEC §9: the form page polls the lock every 5 s. */
export const lockPollMs = 5000;

// The core's check: '0000-00-00' is no day (a Date of it cannot even be written out).
const isDay = (value: string) => isIsoDate(value);
const day = () => yup.string().nullable().default(null).test('day', 'booklets.validation.day', (value) => !value || isDay(value));
const uuid = () => yup.string().nullable().default(null).test('uuid', 'booklets.validation.id', (value) => !value || isUuid(value));
const text = (max: number) => yup.string().default('').max(max, { key: 'booklets.validation.tooLong', values: { max } });

/** A booklet item (SPEC §3, §5): title, a date or a period, one or more modules, an optional session. */
export const bookletItemSchema = yup
  .object({
    title: yup.string().trim().required('booklets.validation.titleRequired').max(maxTitleLength, { key: 'booklets.validation.tooLong', values: { max: maxTitleLength } }),
    trainingSessionId: uuid(),
    date: day(),
    startDate: day(),
    endDate: day(),
    modules: yup
      .array(yup.string().required().oneOf([...bookletModules], 'booklets.validation.module'))
      .required('booklets.validation.modulesRequired')
      .min(1, 'booklets.validation.modulesRequired'),
  })
  .test('dates', '', function dates(value) {
    const [first] = itemDateViolations(value ?? {});
    return first ? this.createError({ path: first.path, message: first.key }) : true;
  });
export type BookletItemInput = yup.InferType<typeof bookletItemSchema> & { modules: BookletModule[] };

export const thesisSkillSchema = yup.object({
  name: yup.string().trim().required('booklets.validation.nameRequired').max(maxTitleLength, { key: 'booklets.validation.tooLong', values: { max: maxTitleLength } }),
});

const coefficient = () =>
  yup.number().required('booklets.validation.coefficient').moreThan(0, 'booklets.validation.coefficient').max(999.99, 'booklets.validation.coefficient');

/** The thesis evaluation grid of a training: the mark scale, instructions and each skill's weight. */
export const thesisGridSchema = yup.object({
  maxMark: yup.number().required('booklets.validation.maxMark').integer('booklets.validation.maxMark').min(1, 'booklets.validation.maxMark').max(100, 'booklets.validation.maxMark'),
  instructions: text(maxTextLength),
  skills: yup.array(yup.object({ id: yup.string().required().test('uuid', 'booklets.validation.id', (value) => isUuid(value)), coefficient: coefficient() })).default([]),
});

/** SPEC §3 evaluation form values (the server sets updatedAt). Marks on 0–20, two decimals. */
export const formValuesSchema = yup.object({
  tasks: yup.array(yup.string().trim().required('booklets.validation.taskRequired').max(500, { key: 'booklets.validation.tooLong', values: { max: 500 } })).max(maxTasks).default([]),
  skillMarks: yup
    .array(
      yup.object({
        skill: yup.string().trim().required('booklets.validation.skillRequired').max(maxTitleLength),
        mark: yup.number().nullable().default(null).min(0, 'booklets.validation.mark').max(20, 'booklets.validation.mark')
          .test('decimals', 'booklets.validation.mark', (value) => value == null || Math.abs(Math.round(value * 100) - value * 100) < 1e-6),
        comment: text(2000),
      }),
    )
    .max(maxSkills)
    .default([]),
  note: text(maxTextLength),
});
export type FormValuesInput = yup.InferType<typeof formValuesSchema>;

/** SPEC §7 save / save_and_quit: the values and the version the editor started from. */
export const formSaveSchema = yup.object({
  action: yup.string().required().oneOf(['save', 'save_and_quit'], 'booklets.validation.action'),
  version: yup.number().required('booklets.validation.version').integer().min(0),
  values: formValuesSchema.required(),
});
export type FormSaveInput = yup.InferType<typeof formSaveSchema>;

/** SPEC §7 set-lock / release-lock; `force` takes or releases another person's lock (after the SPEC §8 warning). */
export const lockSchema = yup.object({ force: yup.boolean().default(false) });
