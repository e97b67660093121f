import type { CoreDeps } from '@alterna/core';
import { bookletsContext } from './context.js';
import { bookletFormsService, type BookletFormsService } from './forms.js';
import { bookletItemsService, type BookletItemsService } from './items.js';
import { thesisService, type ThesisService } from './thesis.js';
import { validationsService, type ValidationsService } from './validations.js';

/** What the module offers: other modules reach it with core.module('booklets'). */
export interface BookletsServices {
  items: BookletItemsService;
  thesis: ThesisService;
  forms: BookletFormsService;
  validations: ValidationsService;
}

export function bookletsServices(core: CoreDeps): BookletsServices {
  const ctx = bookletsContext(core);
  const campusesOf = (trainingIds: readonly string[]) => core.module('trainings').trainings.campusesOf(trainingIds);
  const items = bookletItemsService(ctx, campusesOf);
  const thesis = thesisService(ctx, campusesOf);
  return { items, thesis, forms: bookletFormsService(ctx, { items, thesis }), validations: validationsService(ctx, { items }) };
}
