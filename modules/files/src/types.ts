// Shapes the module hands out (type-only: the web client imports them without server code).
export type { Folder } from './services/folders.js';
export type { ManagedFile, VisibleFile, VisibleFolder } from './services/documents.js';
export type { FileTypology, FileIcon, UploadRule } from './validation/index.js';
