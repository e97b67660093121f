// Shapes the module hands out (type-only: the web client imports them without server code).
export type { NamedRef, NewsArticle, NewsFileInfo, NewsFormOptions, NewsItem } from './services/news.js';
export type { NewsInput } from './validation/index.js';
export type { NewsBlockType, NewsRecipient, NewsType } from './validation/rules.js';
