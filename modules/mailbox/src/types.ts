// Shapes the module hands out (type-only: the web client and other modules import them without server code).
export type { MailboxServices } from './services/index.js';
export type { MailTemplate, MailTemplateSummary, MailTemplatesService, RenderedTemplate, SaveTemplateInput } from './services/templates.js';
export type {
  Align, Block, ButtonWidget, Column, ColumnWidget, ColumnWidgetType, DividerWidget, Font, HeroBlock, ImageWidget, LayoutId, MergeTag, Mode,
  SectionBlock, SocialNetwork, SocialWidget, SpacerWidget, TemplateContent, TemplateInput, TextWidget, WidgetType, WrapperBlock,
} from './validation/index.js';
