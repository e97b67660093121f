// The light entry (no server code): the web builder and the mass e-mail module share these schemas, option lists
// and merge tags with the server. Messages are i18n keys, translated on each side.
import { isUuid, yup } from '@alterna/core/validation';
import {
  aligns, fonts, layoutIds, layouts, limits, modeLayouts, modes, modeWidgets, socialNetworks,
  type Mode, type TemplateContent, type WidgetType,
} from './tree.js';

export * from './tree.js';

/**
 * Merge tags a template may hold (issue #13): left literal (`{{firstName}}`) in the stored and compiled HTML; the
 * sender fills them per recipient with `fillMergeTags`.
 */
export const mergeTags = ['firstName', 'lastName', 'email', 'training', 'group', 'campus'] as const;
export type MergeTag = (typeof mergeTags)[number];
export const mergeTagText = (tag: MergeTag) => `{{${tag}}}`;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/**
 * The merge tags of a compiled template replaced by a recipient's values: HTML-escaped for `html` (a name never
 * becomes markup), as is for `text`. Unknown tags and missing values become empty.
 */
export function fillMergeTags(template: string, values: Partial<Record<MergeTag, string | null>>, as: 'html' | 'text'): string {
  return template.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_match, tag: string) => {
    const value = (mergeTags as readonly string[]).includes(tag) ? values[tag as MergeTag] ?? '' : '';
    return as === 'html' ? escapeHtml(value) : value;
  });
}

export const maxSubjectLength = 200;

const color = (required = true) => {
  const base = yup.string().matches(/^#[0-9a-fA-F]{6}$/, 'mailbox.validation.color');
  return required ? base.required('mailbox.validation.color') : base.nullable().default(null);
};
const between = (range: readonly [number, number], integer = true) => {
  const base = yup.number().required('mailbox.validation.required').min(range[0], { key: 'mailbox.validation.between', values: { min: range[0], max: range[1] } })
    .max(range[1], { key: 'mailbox.validation.between', values: { min: range[0], max: range[1] } });
  return integer ? base.integer({ key: 'mailbox.validation.between', values: { min: range[0], max: range[1] } }) : base;
};
const text = (max: number) => yup.string().default('').max(max, { key: 'mailbox.validation.tooLong', values: { max } });
/** An http(s) address (merge tags allowed in it), never javascript:, data: or a relative path. */
export const isWebUrl = (value: string) => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
};
const url = (required: boolean) =>
  yup.string().default('').max(limits.url, { key: 'mailbox.validation.tooLong', values: { max: limits.url } })
    .test('url', 'mailbox.validation.url', (value) => (!value ? !required : isWebUrl(value)));
const id = () => yup.string().required().matches(/^[A-Za-z0-9_-]{1,40}$/, 'mailbox.validation.id');
const align = () => yup.string().required().oneOf([...aligns], 'mailbox.validation.option');
const widgetType = (type: string) => yup.string().required().oneOf([type], 'mailbox.validation.widget');

const columnWidgetSchemas = {
  text: yup.object({
    id: id(), type: widgetType('text'), text: text(limits.text), fontSize: between(limits.fontSize), color: color(),
    align: yup.string().required().oneOf([...aligns, 'justify'], 'mailbox.validation.option'),
    bold: yup.boolean().default(false), italic: yup.boolean().default(false),
    font: yup.string().nullable().default(null).oneOf([...fonts, null], 'mailbox.validation.font'),
  }),
  image: yup.object({
    id: id(), type: widgetType('image'), src: url(true).required('mailbox.validation.url'), alt: text(limits.label), href: url(false),
    width: between(limits.image).nullable().default(null), align: align(),
  }),
  button: yup.object({
    id: id(), type: widgetType('button'), label: text(limits.label).trim().required('mailbox.validation.label'), href: url(true).required('mailbox.validation.url'),
    backgroundColor: color(), color: color(), align: align(), fontSize: between(limits.fontSize), borderRadius: between(limits.radius),
  }),
  social: yup.object({
    id: id(), type: widgetType('social'), align: align(),
    networks: yup.array(yup.object({ network: yup.string().required().oneOf([...socialNetworks], 'mailbox.validation.option'), href: url(true).required('mailbox.validation.url') }))
      .required().min(1, 'mailbox.validation.networks').max(socialNetworks.length),
  }),
  divider: yup.object({ id: id(), type: widgetType('divider'), color: color(), thickness: between(limits.thickness), widthPercent: between([10, 100]) }),
  spacer: yup.object({ id: id(), type: widgetType('spacer'), height: between(limits.spacer) }),
};

/** A widget of a column: its schema chosen by its type; an unknown type is one violation on `type`. */
const columnWidget = yup.lazy((value: unknown) => {
  const type = value && typeof value === 'object' ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' ? columnWidgetSchemas[type as keyof typeof columnWidgetSchemas] : undefined;
  return schema ?? yup.object({ type: yup.string().required('mailbox.validation.widget').oneOf([], 'mailbox.validation.widget') });
});

const section = yup.object({
  id: id(),
  type: widgetType('section'),
  layout: yup.string().required().oneOf(layoutIds, 'mailbox.validation.layout'),
  backgroundColor: color(false),
  columns: yup.array(yup.object({ widgets: yup.array(columnWidget).default([]).max(limits.widgetsPerColumn, { key: 'mailbox.validation.tooMany', values: { max: limits.widgetsPerColumn } }) }))
    .required()
    .test('columns', 'mailbox.validation.columns', function columns(value) {
      const layout = layouts[this.parent?.layout as keyof typeof layouts];
      return !layout || (value?.length ?? 0) === layout.length;
    }),
});

const blockSchemas = {
  section,
  hero: yup.object({
    id: id(), type: widgetType('hero'), title: text(limits.label), text: text(limits.text), backgroundColor: color(), backgroundUrl: url(false), color: color(),
    height: between(limits.hero), buttonLabel: text(limits.label), buttonHref: url(false),
  }).test('button', '', function button(value) {
    return !value?.buttonLabel || value.buttonHref ? true : this.createError({ path: `${this.path}.buttonHref`, message: 'mailbox.validation.url' });
  }),
  wrapper: yup.object({
    id: id(), type: widgetType('wrapper'), backgroundColor: color(false), borderColor: color(false), padding: between(limits.padding),
    sections: yup.array(section).required().max(limits.sectionsPerWrapper, { key: 'mailbox.validation.tooMany', values: { max: limits.sectionsPerWrapper } }),
  }),
};
const block = yup.lazy((value: unknown) => {
  const type = value && typeof value === 'object' ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' ? blockSchemas[type as keyof typeof blockSchemas] : undefined;
  return schema ?? yup.object({ type: yup.string().required('mailbox.validation.widget').oneOf([], 'mailbox.validation.widget') });
});

/** The widgets and layouts a tree uses that its mode does not offer (SPEC §9), as (path, key). */
export function modeViolations(content: Pick<TemplateContent, 'mode' | 'blocks'>): { path: string; key: string }[] {
  const mode: Mode = content.mode;
  const widgets = modeWidgets[mode] ?? [];
  const problems: { path: string; key: string }[] = [];
  content.blocks.forEach((b, i) => {
    const path = `content.blocks[${i}]`;
    if (b.type !== 'section') {
      if (!widgets.includes(b.type as WidgetType)) problems.push({ path: `${path}.type`, key: 'mailbox.validation.notInMode' });
      return;
    }
    if (!(modeLayouts[mode] ?? []).includes(b.layout)) problems.push({ path: `${path}.layout`, key: 'mailbox.validation.layoutNotInMode' });
    b.columns.forEach((column, c) => column.widgets.forEach((w, k) => {
      if (!widgets.includes(w.type)) problems.push({ path: `${path}.columns[${c}].widgets[${k}].type`, key: 'mailbox.validation.notInMode' });
    }));
  });
  return problems;
}

const modeTest = function mode(this: yup.TestContext, value: { content?: unknown } | undefined) {
  const content = value?.content as TemplateContent | undefined;
  if (!content?.blocks || !content.mode) return true;
  const [first] = modeViolations(content);
  return first ? this.createError({ path: first.path, message: first.key }) : true;
};

/** The content tree (SPEC §3), validated before it is stored or compiled. */
export const contentSchema = yup.object({
  mode: yup.string().required().oneOf([...modes], 'mailbox.validation.option'),
  font: yup.string().required().oneOf([...fonts], 'mailbox.validation.font'),
  backgroundColor: color(),
  contentBackgroundColor: color(),
  width: between(limits.width),
  blocks: yup.array(block).required().min(1, 'mailbox.validation.empty').max(limits.blocks, { key: 'mailbox.validation.tooMany', values: { max: limits.blocks } }),
});

/** A mail template as the editor saves it: subject, sub-title (the inbox preview line) and the content tree. */
export const templateSchema = yup.object({
  subject: yup.string().trim().required('mailbox.validation.subject').max(maxSubjectLength, { key: 'mailbox.validation.tooLong', values: { max: maxSubjectLength } }),
  subTitle: text(maxSubjectLength).trim(),
  content: contentSchema.required(),
  /** null: centre-wide. */
  campusId: yup.string().nullable().default(null).test('uuid', 'mailbox.validation.campus', (value) => !value || isUuid(value)),
}).test('mode', '', modeTest);
export type TemplateInput = { subject: string; subTitle: string; content: TemplateContent };

/** The body of a draft preview: the tree alone (subject and sub-title optional). */
export const previewSchema = yup.object({
  subject: text(maxSubjectLength),
  subTitle: text(maxSubjectLength),
  content: contentSchema.required(),
}).test('mode', '', modeTest);

/** The image kinds the upload route keeps (sniffed from the bytes; no SVG, which may carry scripts). */
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/**
 * SPEC §5: when accept includes image, the file's type must start with it, or 'Invalid file type: {type}. Expected
 * image.' (as (key, values)); null when the type is an image the route keeps.
 */
export function imageTypeViolation(contentType: string): { key: string; values: { type: string; kind: string } } | null {
  return imageContentTypes.includes(contentType) ? null : { key: 'mailbox.validation.invalidType', values: { type: contentType, kind: 'image' } };
}
export const maxImageBytes = 5 * 1024 * 1024;
