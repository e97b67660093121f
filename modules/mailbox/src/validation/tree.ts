// The mail-template content tree (SPEC §3 "content tree", §9 editor widgets, layouts, modes and fonts), pure: the
// web builder edits it, the server validates it with the schemas of ./index.ts and compiles it to MJML.

/** SPEC §9 editor fonts (the first is the default). */
export const fonts = ['Arial', 'Tahoma', 'Verdana', 'Times New Roman', 'Courier New', 'Georgia', 'Lato', 'Montserrat'] as const;
export type Font = (typeof fonts)[number];

/** SPEC §9 modes: minimal (text), email (text, button, image), template (every widget and the layouts). */
export const modes = ['minimal', 'email', 'template'] as const;
export type Mode = (typeof modes)[number];

/** Widgets placed in a column. */
export const columnWidgetTypes = ['text', 'image', 'button', 'social', 'divider', 'spacer'] as const;
export type ColumnWidgetType = (typeof columnWidgetTypes)[number];
/** Widgets that are blocks of the body themselves (MJML puts hero and wrapper beside sections, never in a column). */
export const blockWidgetTypes = ['hero', 'wrapper'] as const;
export type BlockWidgetType = (typeof blockWidgetTypes)[number];
/** SPEC §9 widget list, in its order. */
export const widgetTypes = ['text', 'image', 'button', 'social', 'divider', 'spacer', 'hero', 'wrapper'] as const;
export type WidgetType = (typeof widgetTypes)[number];

/** SPEC §9 layouts: one column, then 2, 3 and 4 columns; the id lists the widths in per cent. */
export const layouts = {
  '100': [100],
  '50-50': [50, 50],
  '33-67': [33.33, 66.67],
  '67-33': [66.67, 33.33],
  '25-75': [25, 75],
  '75-25': [75, 25],
  '33-33-33': [33.33, 33.33, 33.34],
  '25-25-50': [25, 25, 50],
  '50-25-25': [50, 25, 25],
  '25-25-25-25': [25, 25, 25, 25],
} as const satisfies Record<string, readonly number[]>;
export type LayoutId = keyof typeof layouts;
export const layoutIds = Object.keys(layouts) as LayoutId[];

/** What each mode offers (SPEC §9). Layouts other than one column only in template mode. */
export const modeWidgets: Record<Mode, readonly WidgetType[]> = {
  minimal: ['text'],
  email: ['text', 'button', 'image'],
  template: widgetTypes,
};
export const modeLayouts: Record<Mode, readonly LayoutId[]> = { minimal: ['100'], email: ['100'], template: layoutIds };

export const aligns = ['left', 'center', 'right'] as const;
export type Align = (typeof aligns)[number];
export const socialNetworks = ['facebook', 'twitter', 'linkedin', 'instagram', 'youtube'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export interface TextWidget { id: string; type: 'text'; text: string; fontSize: number; color: string; align: Align | 'justify'; bold: boolean; italic: boolean; font: Font | null }
export interface ImageWidget { id: string; type: 'image'; src: string; alt: string; href: string; width: number | null; align: Align }
export interface ButtonWidget { id: string; type: 'button'; label: string; href: string; backgroundColor: string; color: string; align: Align; fontSize: number; borderRadius: number }
export interface SocialWidget { id: string; type: 'social'; align: Align; networks: { network: SocialNetwork; href: string }[] }
export interface DividerWidget { id: string; type: 'divider'; color: string; thickness: number; widthPercent: number }
export interface SpacerWidget { id: string; type: 'spacer'; height: number }
export type ColumnWidget = TextWidget | ImageWidget | ButtonWidget | SocialWidget | DividerWidget | SpacerWidget;

export interface Column { widgets: ColumnWidget[] }
export interface SectionBlock { id: string; type: 'section'; layout: LayoutId; backgroundColor: string | null; columns: Column[] }
export interface HeroBlock {
  id: string; type: 'hero'; title: string; text: string; backgroundColor: string; backgroundUrl: string; color: string;
  height: number; buttonLabel: string; buttonHref: string;
}
export interface WrapperBlock { id: string; type: 'wrapper'; backgroundColor: string | null; borderColor: string | null; padding: number; sections: SectionBlock[] }
export type Block = SectionBlock | HeroBlock | WrapperBlock;

/** The whole tree: the editor's mode, the font, the page colours and the blocks from top to bottom. */
export interface TemplateContent {
  mode: Mode;
  font: Font;
  backgroundColor: string;
  contentBackgroundColor: string;
  width: number;
  blocks: Block[];
}

/** Limits the schema enforces (sane sizes: a template is a page of e-mail, not a database). */
export const limits = {
  blocks: 40,
  sectionsPerWrapper: 10,
  widgetsPerColumn: 20,
  text: 5000,
  label: 200,
  url: 2000,
  fontSize: [8, 72],
  width: [320, 800],
  spacer: [4, 200],
  hero: [100, 800],
  thickness: [1, 10],
  radius: [0, 50],
  padding: [0, 80],
  image: [20, 800],
} as const;

let counter = 0;
/** A fresh id for a block or widget (the editor's React keys; unique within a tree is enough). */
export const newId = () => `w${Math.random().toString(36).slice(2, 8)}${(counter++).toString(36)}`;

/** A widget as the palette drops it, with the defaults of its settings. */
export function newColumnWidget(type: ColumnWidgetType): ColumnWidget {
  const id = newId();
  switch (type) {
    case 'text': return { id, type, text: '', fontSize: 14, color: '#222222', align: 'left', bold: false, italic: false, font: null };
    case 'image': return { id, type, src: '', alt: '', href: '', width: null, align: 'center' };
    case 'button': return { id, type, label: 'Button', href: 'https://', backgroundColor: '#1c7ed6', color: '#ffffff', align: 'center', fontSize: 14, borderRadius: 4 };
    case 'social': return { id, type, align: 'center', networks: [{ network: 'facebook', href: 'https://www.facebook.com/' }, { network: 'linkedin', href: 'https://www.linkedin.com/' }] };
    case 'divider': return { id, type, color: '#dddddd', thickness: 1, widthPercent: 100 };
    case 'spacer': return { id, type, height: 20 };
  }
}

export function newSection(layout: LayoutId = '100'): SectionBlock {
  return { id: newId(), type: 'section', layout, backgroundColor: null, columns: layouts[layout].map(() => ({ widgets: [] })) };
}

export function newBlock(type: BlockWidgetType): HeroBlock | WrapperBlock {
  return type === 'hero'
    ? { id: newId(), type, title: 'Title', text: '', backgroundColor: '#1c7ed6', backgroundUrl: '', color: '#ffffff', height: 250, buttonLabel: '', buttonHref: '' }
    : { id: newId(), type, backgroundColor: '#f1f3f5', borderColor: null, padding: 20, sections: [newSection()] };
}

export function emptyContent(mode: Mode = 'template'): TemplateContent {
  return { mode, font: 'Arial', backgroundColor: '#f4f4f4', contentBackgroundColor: '#ffffff', width: 600, blocks: [newSection()] };
}

/** Every column widget of the tree, wherever it sits. */
export function sectionsOf(content: Pick<TemplateContent, 'blocks'>): SectionBlock[] {
  return content.blocks.flatMap((block) => (block.type === 'section' ? [block] : block.type === 'wrapper' ? block.sections : []));
}
