import type { RouteDefinition } from '@alterna/core';
import type { TeachingServices } from '../services/index.js';
import { companyRoutes } from './companies.js';
import { teacherRoutes } from './teachers.js';
import { coachRoutes } from './coaches.js';
import { followUpRoutes } from './follow-ups.js';

export const routes: RouteDefinition<TeachingServices>[] = [...teacherRoutes, ...companyRoutes, ...coachRoutes, ...followUpRoutes];
