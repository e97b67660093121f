import type { CoreDeps } from '@alterna/core';
import { readWarningDays } from '../config.js';
import { filesContext } from './context.js';
import { documentsService, type DocumentsService } from './documents.js';
import { expiryService, type ExpiryService } from './expiry.js';
import { foldersService, type FoldersService } from './folders.js';

/** What the module offers: other modules reach it with core.module<FilesServices>('files'). */
export interface FilesServices {
  folders: FoldersService;
  documents: DocumentsService;
  expiry: ExpiryService;
}

export function filesServices(core: CoreDeps): FilesServices {
  // A bad FILES_EXPIRY_WARNING_DAYS stops the start, named.
  const ctx = filesContext(core, readWarningDays());
  return { folders: foldersService(ctx), documents: documentsService(ctx), expiry: expiryService(ctx) };
}
