import type { CoreDeps } from '@alterna/core';
import { serviceContext } from './context.js';
import { schoolSubjectsService, type SchoolSubjectsService } from './school-subjects.js';
import { sessionsService, type TrainingSessionsService } from './sessions.js';
import { trainingsService, type TrainingsService } from './trainings.js';
import { trainingPlansService, type TrainingPlansService } from './training-plans.js';
import { trainingGroupsService, type TrainingGroupsService } from './training-groups.js';
import { gradeScalesService, type GradeScalesService } from './grade-scales.js';
import { exportService, type ExportService } from './export.js';

/** What the module offers: other modules reach it with core.module('trainings'). */
export interface TrainingsServices {
  subjects: SchoolSubjectsService;
  sessions: TrainingSessionsService;
  trainings: TrainingsService;
  plans: TrainingPlansService;
  groups: TrainingGroupsService;
  gradeScales: GradeScalesService;
  exports: ExportService;
}

export function trainingsServices(core: CoreDeps, today?: () => string): TrainingsServices {
  const ctx = serviceContext(core, today);
  const subjects = schoolSubjectsService(ctx);
  const sessions = sessionsService(ctx);
  const trainings = trainingsService(ctx);
  const plans = trainingPlansService(ctx, { trainings, sessions, subjects });
  const groups = trainingGroupsService(ctx, { trainings, sessions });
  const gradeScales = gradeScalesService(ctx, { trainings });
  const exports = exportService(ctx, { trainings, groups });
  return { subjects, sessions, trainings, plans, groups, gradeScales, exports };
}
