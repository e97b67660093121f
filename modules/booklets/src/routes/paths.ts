/**
 * API paths, English and French (SPEC §2 "Coaching": booklet-item position, thesis skill, thesis evaluation grid; the
 * rest names what it serves). SPEC §7's form page calls (check-lock, set-lock, release-lock, save, notifyChanges) hang
 * off the form's own path.
 */
const form = { en: '/booklet-forms/:id', fr: '/formulaires-livret/:id' };
const under = (base: { en: string; fr: string }, en: string, fr: string) => ({ en: `${base.en}${en}`, fr: `${base.fr}${fr}` });

export const paths = {
  trainingItems: { en: '/coaching/trainings/:training/booklet-items', fr: '/accompagnement/formations/:training/elements-livret' },
  item: { en: '/coaching/booklet-item/:id', fr: '/accompagnement/element-livret/:id' },
  itemPosition: { en: '/coaching/booklet-item/:id/position/:position', fr: '/accompagnement/element-livret/:id/position/:position' },
  thesisSkillNew: { en: '/coaching/thesis-skill/new/:training', fr: '/accompagnement/competence-memoire/nouvelle/:training' },
  thesisSkill: { en: '/coaching/thesis-skill/:id', fr: '/accompagnement/competence-memoire/:id' },
  thesisGrid: { en: '/coaching/thesis-evaluation-grid/:training/edit', fr: '/accompagnement/grille-evaluation-memoire/:training/modifier' },
  mine: { en: '/booklets/mine', fr: '/livrets/les-miens' },
  group: { en: '/booklets/training-group/:trainingGroup', fr: '/livrets/groupe/:trainingGroup' },
  booklet: { en: '/booklets/registration/:registration', fr: '/livrets/inscription/:registration' },
  form,
  checkLock: under(form, '/check-lock', '/verifier-verrou'),
  setLock: under(form, '/set-lock', '/poser-verrou'),
  releaseLock: under(form, '/release-lock', '/lever-verrou'),
  notifyChanges: under(form, '/notify-changes', '/notifier-modifications'),
} as const;
