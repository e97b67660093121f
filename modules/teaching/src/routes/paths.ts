import type { Language } from '@alterna/core';

/** API paths of the module, English and French (SPEC §2: the French path is a translation). */
export const paths = {
  teacherInformations: { en: '/teachers/:id/informations', fr: '/formateurs/:id/informations' },
  teacherInformationsNew: { en: '/teachers/teacher-informations/new/:id', fr: '/formateurs/informations-formateur/nouveau/:id' },
  teacherInformationsEdit: { en: '/teachers/teacher-informations/edit/:id', fr: '/formateurs/informations-formateur/modifier/:id' },
  contractNew: { en: '/teachers/:id/contract/new', fr: '/formateurs/:id/contrat/nouveau' },
  contractEdit: { en: '/teachers/:id/contract/:teacherContract/edit', fr: '/formateurs/:id/contrat/:teacherContract/modifier' },
  contractDelete: { en: '/teachers/:id/contract/:teacherContract/delete', fr: '/formateurs/:id/contrat/:teacherContract/supprimer' },
  contractStatus: { en: '/teachers/contract/:teacherContract/update_status', fr: '/formateurs/contrat/:teacherContract/modifier_statut' },
  companyNew: { en: '/teachers/teacher_company/new', fr: '/formateurs/societe_formateur/nouvelle' },
  companyEdit: { en: '/teachers/teacher_company/:id/edit', fr: '/formateurs/societe_formateur/:id/modifier' },
  companyAssociate: { en: '/teachers/teacher_company/:id/associate/:teacher', fr: '/formateurs/societe_formateur/:id/associer/:teacher' },
  companyUnlink: { en: '/teachers/teacher_company/:id/unlink/:teacher', fr: '/formateurs/societe_formateur/:id/dissocier/:teacher' },
  companyInvalidate: { en: '/teachers/teacher_company/:id/invalidate', fr: '/formateurs/societe_formateur/:id/invalider' },
  attributionNew: { en: '/coachs/attribution/new', fr: '/coachs/attribution/nouvelle' },
  attributionDelete: { en: '/coachs/attribution/:id/delete', fr: '/coachs/attribution/:id/supprimer' },
  coachInformations: '/informations/:id',
  coachInformationsNew: { en: '/coach-informations/new/:id', fr: '/informations-coach/nouveau/:id' },
  coachInformationsEdit: { en: '/coach-informations/edit/:id', fr: '/informations-coach/modifier/:id' },
  coachContractNew: { en: '/contract/new/:id', fr: '/contrat/nouveau/:id' },
  coachContractEdit: { en: '/contract/:id/edit/:coachContract', fr: '/contrat/:id/modifier/:coachContract' },
  coachContractDelete: { en: '/contract/:id/delete/:coachContract', fr: '/contrat/:id/supprimer/:coachContract' },
  studentFollowUps: { en: '/coaching/students/:student', fr: '/accompagnement/apprenants/:student' },
  disciplinaryNew: { en: '/coaching/disciplinary-follow-up/:student/new', fr: '/accompagnement/suivi-disciplinaire/:student/nouveau' },
  preventRegistrationBreakNew: { en: '/coaching/prevent-student-registration-break/:student/new', fr: '/accompagnement/prevention-rupture-inscription/:student/nouveau' },
  breakNew: { en: '/coaching/prevent-student-break/:student/break/new', fr: '/accompagnement/prevention-rupture/:student/rupture/nouvelle' },
  breakEdit: { en: '/coaching/prevent-student-break/:student/break/:id/edit', fr: '/accompagnement/prevention-rupture/:student/rupture/:id/modifier' },
  abandonNew: { en: '/coaching/prevent-student-break/:student/abandon/new', fr: '/accompagnement/prevention-rupture/:student/abandon/nouveau' },
  abandonEdit: { en: '/coaching/prevent-student-break/:student/abandon/:id/edit', fr: '/accompagnement/prevention-rupture/:student/abandon/:id/modifier' },
} as const;

/** A path of the table in a language, params filled in, under /api, with a query string. */
export function apiPath(path: { en: string; fr: string }, language: Language, params: Record<string, string> = {}, query: Record<string, string | null | undefined> = {}): string {
  const filled = path[language].replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1])).toString();
  return `/api${filled}${search ? `?${search}` : ''}`;
}
