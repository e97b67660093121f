import type { CoreDeps } from '@alterna/core';
import { readTypologyRules, readWarningDays } from '../config.js';
import type { TypologyRules } from '../validation/index.js';
import { filesContext } from './context.js';
import { documentsService, type DocumentsService } from './documents.js';
import { expiryService, type ExpiryService } from './expiry.js';
import { foldersService, type FoldersService } from './folders.js';

/** What the module offers: other modules reach it with core.module('files'). */
export interface FilesServices {
  folders: FoldersService;
  documents: DocumentsService;
  expiry: ExpiryService;
  /** Each typology's rule in force (FILES_<TYPOLOGY>_MAX_MB): the upload routes read no more than the largest. */
  typologies: TypologyRules;
}

export function filesServices(core: CoreDeps): FilesServices {
  // A bad FILES_EXPIRY_WARNING_DAYS or FILES_<TYPOLOGY>_MAX_MB stops the start, named.
  const ctx = filesContext(core, readWarningDays(), readTypologyRules());
  return { folders: foldersService(ctx), documents: documentsService(ctx), expiry: expiryService(ctx), typologies: ctx.typologies };
}
