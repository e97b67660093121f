/**
 * One definition per page: its English path, its French path, the space it belongs to and
 * the i18n key of its navigation entry (null = not in the navigation).
 * Both paths are routes (see router.tsx); links follow the current language (usePath / PageLink).
 * Paths use TanStack Router syntax for params ("/students/$id/edit").
 */
export type Space = 'public' | 'staff' | 'teacher' | 'coach' | 'tutor' | 'corporation' | 'student';
export type ActorSpace = Exclude<Space, 'public'>;

export interface PageDef {
  id: string;
  en: string;
  fr: string;
  space: Space;
  /** i18n key of the navigation label, null when the page is not a navigation entry. */
  navKey: string | null;
}

export const pages = [
  { id: 'login', en: '/login', fr: '/connexion', space: 'public', navKey: null },

  { id: 'staff.home', en: '/administration/dashboard', fr: '/administration/tableau-de-bord', space: 'staff', navKey: 'nav.dashboard' },
  { id: 'staff.operations', en: '/administration/operations', fr: '/administration/operations-en-masse', space: 'staff', navKey: 'nav.operations' },
  { id: 'news.manage', en: '/administration/news', fr: '/administration/actualites', space: 'staff', navKey: 'news.nav.manage' },
  { id: 'news.new', en: '/administration/news/new', fr: '/administration/actualites/nouvelle', space: 'staff', navKey: null },
  { id: 'news.edit', en: '/administration/news/$id/edit', fr: '/administration/actualites/$id/modifier', space: 'staff', navKey: null },
  { id: 'news.staff', en: '/administration/my-news', fr: '/administration/mes-actualites', space: 'staff', navKey: 'news.nav.mine' },
  { id: 'mailbox.templates', en: '/mailbox/mail-templates', fr: '/messagerie/modeles-email', space: 'staff', navKey: 'mailbox.nav.templates' },
  { id: 'mailbox.templateNew', en: '/mailbox/mail-templates/new', fr: '/messagerie/modeles-email/nouveau', space: 'staff', navKey: null },
  { id: 'mailbox.templateEdit', en: '/mailbox/mail-templates/$id/edit', fr: '/messagerie/modeles-email/$id/modifier', space: 'staff', navKey: null },
  { id: 'files.documents', en: '/administration/documents', fr: '/administration/documents', space: 'staff', navKey: 'files.nav.documents' },
  { id: 'massEmail.campaigns', en: '/mailbox/mass-email', fr: '/messagerie/emailing', space: 'staff', navKey: 'massEmail.nav.campaigns' },
  { id: 'massEmail.new', en: '/mailbox/mass-email/new', fr: '/messagerie/emailing/nouveau', space: 'staff', navKey: null },
  { id: 'massEmail.campaign', en: '/mailbox/mass-email/$id', fr: '/messagerie/emailing/$id', space: 'staff', navKey: null },
  { id: 'marks.groups', en: '/report-cards', fr: '/bulletins', space: 'staff', navKey: 'marks.nav.groups' },
  { id: 'marks.staffExams', en: '/administration/marks/exams', fr: '/administration/notes/examens', space: 'staff', navKey: null },
  { id: 'marks.staffExam', en: '/administration/marks/exams/$exam', fr: '/administration/notes/examens/$exam', space: 'staff', navKey: null },
  { id: 'planning.calendar', en: '/planning/calendar', fr: '/planification/calendrier', space: 'staff', navKey: 'planning.nav.calendar' },
  { id: 'planning.massCreate', en: '/planning/planning/create/many', fr: '/planification/planification/creer/plusieurs', space: 'staff', navKey: null },
  { id: 'planning.massEdit', en: '/planning/planning/edit/many', fr: '/planification/planification/modifier/plusieurs', space: 'staff', navKey: null },
  { id: 'planning.progress', en: '/planning/progress', fr: '/planification/avancement', space: 'staff', navKey: 'planning.nav.progress' },
  { id: 'planning.groups', en: '/planning/planning-groups', fr: '/planification/groupes-de-planification', space: 'staff', navKey: 'planning.nav.groups' },
  { id: 'planning.groupNew', en: '/planning/planning-groups/new', fr: '/planification/groupes-de-planification/nouveau', space: 'staff', navKey: null },
  { id: 'planning.group', en: '/planning/planning-groups/$id', fr: '/planification/groupes-de-planification/$id', space: 'staff', navKey: null },
  { id: 'planning.groupEdit', en: '/planning/planning-groups/$id/informations/edit', fr: '/planification/groupes-de-planification/$id/informations/modifier', space: 'staff', navKey: null },
  { id: 'planning.occupancyHome', en: '/planning/ROS', fr: '/planification/ROS', space: 'staff', navKey: 'planning.nav.occupancy' },
  { id: 'planning.occupancy', en: '/planning/ROS/campus/$campus/$startDate/$endDate/$type', fr: '/planification/ROS/campus/$campus/$startDate/$endDate/$type', space: 'staff', navKey: null },
  { id: 'planning.trainerConstraints', en: '/planning/trainer-constraints', fr: '/planification/contraintes-formateurs', space: 'staff', navKey: 'planning.nav.trainerConstraints' },
  { id: 'planning.workStudies', en: '/planning/work-study-periods', fr: '/planification/periodes-alternance', space: 'staff', navKey: 'planning.nav.workStudies' },
  { id: 'attendance.sheets', en: '/administration/attendance-sheets', fr: '/administration/feuilles-emargement', space: 'staff', navKey: 'attendance.sheetList.nav' },
  // SPEC §2 "Attendance (teacher space)": a teacher's sheet of a lesson as staff see it, from the sheet list.
  { id: 'attendance.staffSheet', en: '/teacher/$teacher/courses/$schoolSubject/seances/$lesson/attendance', fr: '/formateur/$teacher/cours/$schoolSubject/seances/$lesson/emargement', space: 'staff', navKey: null },
  { id: 'attendance.staffAbsences', en: '/absences-and-lateness', fr: '/absences-et-retards', space: 'staff', navKey: 'attendance.nav.absences' },
  { id: 'trainings.list', en: '/training-center/trainings', fr: '/centre-de-formation/formations', space: 'staff', navKey: 'trainings.nav.trainings' },
  { id: 'trainings.new', en: '/training-center/trainings/new', fr: '/centre-de-formation/formations/nouvelle', space: 'staff', navKey: null },
  { id: 'trainings.plan', en: '/training-center/trainings/$id/training-plan', fr: '/centre-de-formation/formations/$id/plan-de-formation', space: 'staff', navKey: null },
  { id: 'trainings.planVariant', en: '/training-center/trainings/$id/training-plan/$variant', fr: '/centre-de-formation/formations/$id/plan-de-formation/$variant', space: 'staff', navKey: null },
  { id: 'trainings.groups', en: '/training-center/groups', fr: '/centre-de-formation/groupes', space: 'staff', navKey: 'trainings.nav.groups' },
  { id: 'trainings.groupNew', en: '/training-center/groups/new', fr: '/centre-de-formation/groupes/nouveau', space: 'staff', navKey: null },
  { id: 'trainings.group', en: '/training-center/groups/$id', fr: '/centre-de-formation/groupes/$id', space: 'staff', navKey: null },
  { id: 'trainings.groupEdit', en: '/training-center/groups/$id/edit', fr: '/centre-de-formation/groupes/$id/modifier', space: 'staff', navKey: null },
  { id: 'booklets.items', en: '/training-center/trainings/$id/booklet-items', fr: '/centre-de-formation/formations/$id/elements-livret', space: 'staff', navKey: null },
  { id: 'booklets.group', en: '/training-center/groups/$id/booklets', fr: '/centre-de-formation/groupes/$id/livrets', space: 'staff', navKey: null },
  { id: 'booklets.staffForm', en: '/administration/booklet-forms/$id', fr: '/administration/formulaires-livret/$id', space: 'staff', navKey: null },
  { id: 'trainings.subjects', en: '/training-center/school-subjects', fr: '/centre-de-formation/matieres', space: 'staff', navKey: 'trainings.nav.subjects' },
  { id: 'trainings.gradeScales', en: '/training-center/grade-scales', fr: '/centre-de-formation/baremes-de-notation', space: 'staff', navKey: 'trainings.nav.gradeScales' },
  { id: 'trainingCentre.campuses', en: '/training-center/campuses', fr: '/centre-de-formation/campus', space: 'staff', navKey: 'trainingCentre.nav.campuses' },
  { id: 'trainingCentre.rooms', en: '/training-center/$building/rooms/edit', fr: '/centre-de-formation/$building/salles/modifier', space: 'staff', navKey: null },
  { id: 'trainingCentre.timeSlots', en: '/training-center/time-slot-models', fr: '/centre-de-formation/modeles-de-creneaux', space: 'staff', navKey: 'trainingCentre.nav.timeSlots' },
  { id: 'trainingCentre.closures', en: '/training-center/closures', fr: '/centre-de-formation/fermetures', space: 'staff', navKey: 'trainingCentre.nav.closures' },
  { id: 'trainingCentre.organisation', en: '/training-center/organisation', fr: '/centre-de-formation/organisme', space: 'staff', navKey: 'trainingCentre.nav.organisation' },
  { id: 'people.actors', en: '/administration/people', fr: '/administration/personnes', space: 'staff', navKey: 'people.nav.actors' },
  { id: 'people.actorNew', en: '/actor/new', fr: '/acteur/nouveau', space: 'staff', navKey: null },
  { id: 'people.actorEdit', en: '/actor/$id/personal-informations/edit', fr: '/acteur/$id/informations-personnelles/modifier', space: 'staff', navKey: null },
  { id: 'people.corporations', en: '/corporations', fr: '/entreprises', space: 'staff', navKey: 'people.nav.corporations' },
  { id: 'people.corporationNew', en: '/corporations/new', fr: '/entreprises/nouvelle', space: 'staff', navKey: null },
  { id: 'people.corporation', en: '/corporations/$id', fr: '/entreprises/$id', space: 'staff', navKey: null },
  { id: 'people.contactNew', en: '/corporations/$id/contacts/new', fr: '/entreprises/$id/contacts/nouveau', space: 'staff', navKey: null },
  { id: 'people.corporationTutorNew', en: '/corporations/$id/tutors/new', fr: '/entreprises/$id/tuteurs/nouveau', space: 'staff', navKey: null },
  { id: 'people.tutors', en: '/tutors', fr: '/tuteurs', space: 'staff', navKey: 'people.nav.tutors' },
  { id: 'people.tutorNew', en: '/tutors/new', fr: '/tuteurs/nouveau', space: 'staff', navKey: null },
  { id: 'people.tutorEdit', en: '/tutors/$id/edit', fr: '/tuteurs/$id/modifier', space: 'staff', navKey: null },
  { id: 'students.list', en: '/students', fr: '/etudiants', space: 'staff', navKey: 'students.nav.students' },
  { id: 'students.new', en: '/students/new', fr: '/etudiants/nouveau', space: 'staff', navKey: null },
  { id: 'students.show', en: '/students/$id', fr: '/etudiants/$id', space: 'staff', navKey: null },
  { id: 'students.edit', en: '/students/$id/personal-informations/edit', fr: '/etudiants/$id/informations-personnelles/modifier', space: 'staff', navKey: null },
  { id: 'students.registrationNew', en: '/students/$id/registrations/new', fr: '/etudiants/$id/inscriptions/nouvelle', space: 'staff', navKey: null },
  { id: 'students.registrationEdit', en: '/students/$id/registrations/$studentRegistration/edit', fr: '/etudiants/$id/inscriptions/$studentRegistration/modifier', space: 'staff', navKey: null },
  { id: 'students.contractNew', en: '/students/$id/contract/new', fr: '/etudiants/$id/contrat/nouveau', space: 'staff', navKey: null },
  { id: 'students.contractEdit', en: '/students/$id/contract/$studentContract/edit', fr: '/etudiants/$id/contrat/$studentContract/modifier', space: 'staff', navKey: null },
  { id: 'profileChanges.inbox', en: '/administration/profile-change-requests', fr: '/administration/demandes-de-modification-de-profil', space: 'staff', navKey: 'profileChanges.nav.inbox' },
  { id: 'teaching.teachers', en: '/teachers', fr: '/formateurs', space: 'staff', navKey: 'teaching.nav.teachers' },
  { id: 'teaching.teacher', en: '/teachers/$id/informations', fr: '/formateurs/$id/informations', space: 'staff', navKey: null },
  { id: 'courses.teacher', en: '/teachers/$teacher/course', fr: '/formateurs/$teacher/cours', space: 'staff', navKey: null },
  { id: 'courses.teacherCourse', en: '/teachers/$teacher/course/$schoolSubject', fr: '/formateurs/$teacher/cours/$schoolSubject', space: 'staff', navKey: null },
  { id: 'courses.teacherExercises', en: '/teachers/$teacher/course/$schoolSubject/exercices', fr: '/formateurs/$teacher/cours/$schoolSubject/exercices', space: 'staff', navKey: null },
  { id: 'courses.teacherExams', en: '/teachers/$teacher/course/$schoolSubject/exams', fr: '/formateurs/$teacher/cours/$schoolSubject/examens', space: 'staff', navKey: null },
  { id: 'courses.teacherTrombi', en: '/teachers/$teacher/course/$schoolSubject/trombi', fr: '/formateurs/$teacher/cours/$schoolSubject/trombinoscope', space: 'staff', navKey: null },
  { id: 'courses.teacherExerciseNew', en: '/teachers/$teacher/course/$schoolSubject/exercices/new', fr: '/formateurs/$teacher/cours/$schoolSubject/exercices/nouveau', space: 'staff', navKey: null },
  { id: 'courses.teacherExerciseEdit', en: '/teachers/$teacher/course/$schoolSubject/exercices/$id/edit', fr: '/formateurs/$teacher/cours/$schoolSubject/exercices/$id/modifier', space: 'staff', navKey: null },
  { id: 'courses.teacherExamNew', en: '/teachers/$teacher/course/$schoolSubject/exams/new', fr: '/formateurs/$teacher/cours/$schoolSubject/examens/nouveau', space: 'staff', navKey: null },
  { id: 'courses.teacherExamEdit', en: '/teachers/$teacher/course/$schoolSubject/exams/$id/edit', fr: '/formateurs/$teacher/cours/$schoolSubject/examens/$id/modifier', space: 'staff', navKey: null },
  { id: 'teaching.teacherInformationsNew', en: '/teachers/teacher-informations/new/$id', fr: '/formateurs/informations-formateur/nouveau/$id', space: 'staff', navKey: null },
  { id: 'teaching.teacherInformationsEdit', en: '/teachers/teacher-informations/edit/$id', fr: '/formateurs/informations-formateur/modifier/$id', space: 'staff', navKey: null },
  { id: 'teaching.contractNew', en: '/teachers/$id/contract/new', fr: '/formateurs/$id/contrat/nouveau', space: 'staff', navKey: null },
  { id: 'teaching.contractEdit', en: '/teachers/$id/contract/$teacherContract/edit', fr: '/formateurs/$id/contrat/$teacherContract/modifier', space: 'staff', navKey: null },
  { id: 'teaching.coaches', en: '/coachs', fr: '/coachs', space: 'staff', navKey: 'teaching.nav.coaches' },
  { id: 'teaching.attribution', en: '/coachs/attribution/new', fr: '/coachs/attribution/nouvelle', space: 'staff', navKey: null },
  { id: 'teaching.coach', en: '/informations/$id', fr: '/informations/$id', space: 'staff', navKey: null },
  { id: 'teaching.coachInformationsNew', en: '/coach-informations/new/$id', fr: '/informations-coach/nouveau/$id', space: 'staff', navKey: null },
  { id: 'teaching.coachInformationsEdit', en: '/coach-informations/edit/$id', fr: '/informations-coach/modifier/$id', space: 'staff', navKey: null },
  { id: 'teaching.coachContractNew', en: '/contract/new/$id', fr: '/contrat/nouveau/$id', space: 'staff', navKey: null },
  { id: 'teaching.coachContractEdit', en: '/contract/$id/edit/$coachContract', fr: '/contrat/$id/modifier/$coachContract', space: 'staff', navKey: null },
  { id: 'teaching.studentFollowUps', en: '/coaching/students/$student', fr: '/accompagnement/apprenants/$student', space: 'staff', navKey: null },
  { id: 'teaching.disciplinaryNew', en: '/coaching/disciplinary-follow-up/$student/new', fr: '/accompagnement/suivi-disciplinaire/$student/nouveau', space: 'staff', navKey: null },
  { id: 'teaching.preventRegistrationBreakNew', en: '/coaching/prevent-student-registration-break/$student/new', fr: '/accompagnement/prevention-rupture-inscription/$student/nouveau', space: 'staff', navKey: null },
  { id: 'teaching.breakNew', en: '/coaching/prevent-student-break/$student/break/new', fr: '/accompagnement/prevention-rupture/$student/rupture/nouvelle', space: 'staff', navKey: null },
  { id: 'teaching.breakEdit', en: '/coaching/prevent-student-break/$student/break/$id/edit', fr: '/accompagnement/prevention-rupture/$student/rupture/$id/modifier', space: 'staff', navKey: null },
  { id: 'teaching.abandonNew', en: '/coaching/prevent-student-break/$student/abandon/new', fr: '/accompagnement/prevention-rupture/$student/abandon/nouveau', space: 'staff', navKey: null },
  { id: 'teaching.abandonEdit', en: '/coaching/prevent-student-break/$student/abandon/$id/edit', fr: '/accompagnement/prevention-rupture/$student/abandon/$id/modifier', space: 'staff', navKey: null },


  { id: 'teacher.home', en: '/teacher/dashboard', fr: '/formateur/tableau-de-bord', space: 'teacher', navKey: 'nav.dashboard' },
  { id: 'news.teacher', en: '/teacher/news', fr: '/formateur/actualites', space: 'teacher', navKey: 'news.nav.mine' },
  { id: 'timetable.teacher', en: '/teacher/timetable', fr: '/formateur/emploi-du-temps', space: 'teacher', navKey: 'timetable.nav' },
  { id: 'courses.mine', en: '/my-courses', fr: '/mes-cours', space: 'teacher', navKey: 'courses.nav.mine' },
  { id: 'courses.subject', en: '/my-courses/$schoolSubject', fr: '/mes-cours/$schoolSubject', space: 'teacher', navKey: null },
  { id: 'courses.exercises', en: '/my-courses/$schoolSubject/exercices', fr: '/mes-cours/$schoolSubject/exercices', space: 'teacher', navKey: null },
  { id: 'courses.exerciseNew', en: '/my-courses/$schoolSubject/exercices/new', fr: '/mes-cours/$schoolSubject/exercices/nouveau', space: 'teacher', navKey: null },
  { id: 'courses.exerciseEdit', en: '/exercices/$id/edit', fr: '/exercices/$id/modifier', space: 'teacher', navKey: null },
  { id: 'courses.exams', en: '/my-courses/$schoolSubject/exams', fr: '/mes-cours/$schoolSubject/examens', space: 'teacher', navKey: null },
  { id: 'courses.examNew', en: '/my-courses/$schoolSubject/exams/new', fr: '/mes-cours/$schoolSubject/examens/nouveau', space: 'teacher', navKey: null },
  { id: 'courses.examEdit', en: '/my-courses/exams/$id/edit', fr: '/mes-cours/examens/$id/modifier', space: 'teacher', navKey: null },
  { id: 'courses.trombi', en: '/my-courses/$schoolSubject/trombi', fr: '/mes-cours/$schoolSubject/trombinoscope', space: 'teacher', navKey: null },
  { id: 'courses.lessonReport', en: '/my-courses/eventLessonSchedule/$id', fr: '/mes-cours/compte-rendu-seance/$id', space: 'teacher', navKey: null },
  { id: 'marks.exams', en: '/marks/exams', fr: '/notes/examens', space: 'teacher', navKey: 'marks.nav.exams' },
  { id: 'marks.exam', en: '/marks/exams/$exam', fr: '/notes/examens/$exam', space: 'teacher', navKey: null },
  { id: 'attendance.day', en: '/teacher/attendance', fr: '/formateur/emargement', space: 'teacher', navKey: 'attendance.nav.day' },
  { id: 'attendance.sheet', en: '/my-courses/$schoolSubject/seances/$lesson/attendance', fr: '/mes-cours/$schoolSubject/seances/$lesson/emargement', space: 'teacher', navKey: null },
  /** The sheet's rotating QR code on the classroom's projector, full screen (issue #25). */
  { id: 'attendance.projector', en: '/my-courses/$schoolSubject/seances/$lesson/attendance/projector', fr: '/mes-cours/$schoolSubject/seances/$lesson/emargement/projection', space: 'teacher', navKey: null },
  { id: 'files.teacher', en: '/teacher/documents', fr: '/formateur/documents', space: 'teacher', navKey: 'files.nav.documents' },
  { id: 'profileChanges.teacher', en: '/teacher/my-profile', fr: '/formateur/mon-profil', space: 'teacher', navKey: 'profileChanges.nav.myProfile' },

  { id: 'coach.home', en: '/coach/dashboard', fr: '/coach/tableau-de-bord', space: 'coach', navKey: 'nav.dashboard' },
  { id: 'news.coach', en: '/coach/news', fr: '/coach/actualites', space: 'coach', navKey: 'news.nav.mine' },
  { id: 'attendance.coached', en: '/coach/attendance', fr: '/coach/assiduite', space: 'coach', navKey: 'attendance.nav.coached' },
  { id: 'booklets.coach', en: '/coach/booklets', fr: '/coach/livrets', space: 'coach', navKey: 'booklets.nav.apprentices' },
  { id: 'booklets.coachForm', en: '/coach/booklet-forms/$id', fr: '/coach/formulaires-livret/$id', space: 'coach', navKey: null },
  { id: 'marks.followedCoach', en: '/coach/marks', fr: '/coach/notes', space: 'coach', navKey: 'marks.nav.followed' },
  { id: 'profileChanges.coach', en: '/coach/my-profile', fr: '/coach/mon-profil', space: 'coach', navKey: 'profileChanges.nav.myProfile' },

  { id: 'tutor.home', en: '/tutor/dashboard', fr: '/tuteur/tableau-de-bord', space: 'tutor', navKey: 'nav.dashboard' },
  { id: 'news.tutor', en: '/tutor/news', fr: '/tuteur/actualites', space: 'tutor', navKey: 'news.nav.mine' },
  { id: 'attendance.followedTutor', en: '/tutor/attendance', fr: '/tuteur/assiduite', space: 'tutor', navKey: 'attendance.nav.coached' },
  { id: 'booklets.tutor', en: '/tutor/booklets', fr: '/tuteur/livrets', space: 'tutor', navKey: 'booklets.nav.apprentices' },
  { id: 'booklets.tutorForm', en: '/tutor/booklet-forms/$id', fr: '/tuteur/formulaires-livret/$id', space: 'tutor', navKey: null },
  { id: 'marks.followedTutor', en: '/tutor/marks', fr: '/tuteur/notes', space: 'tutor', navKey: 'marks.nav.followed' },
  { id: 'files.tutor', en: '/tutor/documents', fr: '/tuteur/documents', space: 'tutor', navKey: 'files.nav.documents' },
  { id: 'profileChanges.tutor', en: '/tutor/my-profile', fr: '/tuteur/mon-profil', space: 'tutor', navKey: 'profileChanges.nav.myProfile' },

  { id: 'corporation.home', en: '/corporation/dashboard', fr: '/entreprise/tableau-de-bord', space: 'corporation', navKey: 'nav.dashboard' },
  { id: 'news.corporation', en: '/corporation/news', fr: '/entreprise/actualites', space: 'corporation', navKey: 'news.nav.mine' },
  { id: 'attendance.followedCorporation', en: '/corporation/attendance', fr: '/entreprise/assiduite', space: 'corporation', navKey: 'attendance.nav.coached' },
  { id: 'booklets.corporation', en: '/corporation/booklets', fr: '/entreprise/livrets', space: 'corporation', navKey: 'booklets.nav.apprentices' },
  { id: 'booklets.corporationForm', en: '/corporation/booklet-forms/$id', fr: '/entreprise/formulaires-livret/$id', space: 'corporation', navKey: null },
  { id: 'marks.followedCorporation', en: '/corporation/marks', fr: '/entreprise/notes', space: 'corporation', navKey: 'marks.nav.followed' },
  { id: 'profileChanges.corporation', en: '/corporation/my-profile', fr: '/entreprise/mon-profil', space: 'corporation', navKey: 'profileChanges.nav.myProfile' },

  { id: 'student.home', en: '/my-space', fr: '/mon-espace', space: 'student', navKey: 'nav.mySpace' },
  { id: 'news.student', en: '/my-space/news', fr: '/mon-espace/actualites', space: 'student', navKey: 'news.nav.mine' },
  { id: 'timetable.student', en: '/my-space/timetable', fr: '/mon-espace/emploi-du-temps', space: 'student', navKey: 'timetable.nav' },
  { id: 'courses.student', en: '/my-space/courses', fr: '/mon-espace/cours', space: 'student', navKey: 'courses.nav.student' },
  { id: 'files.student', en: '/my-space/documents', fr: '/mon-espace/documents', space: 'student', navKey: 'files.nav.documents' },
  { id: 'booklets.student', en: '/my-space/booklet', fr: '/mon-espace/livret', space: 'student', navKey: 'booklets.nav.mine' },
  { id: 'booklets.studentForm', en: '/my-space/booklet-forms/$id', fr: '/mon-espace/formulaires-livret/$id', space: 'student', navKey: null },
  { id: 'marks.mine', en: '/my-marks', fr: '/mes-notes', space: 'student', navKey: 'marks.nav.mine' },
  { id: 'marks.reportCards', en: '/my-report-cards', fr: '/mes-bulletins', space: 'student', navKey: 'marks.nav.reportCards' },
  { id: 'attendance.mine', en: '/my-attendance', fr: '/mes-presences', space: 'student', navKey: 'attendance.nav.mine' },
  { id: 'attendance.myAbsences', en: '/absences-and-lateness/my-absences', fr: '/absences-et-retards/mes-absences', space: 'student', navKey: 'attendance.nav.myAbsences' },
  { id: 'attendance.addJustificative', en: '/absences-and-lateness/my-absences/add-justificative', fr: '/absences-et-retards/mes-absences/ajouter-justificatif', space: 'student', navKey: null },
  { id: 'attendance.showJustificative', en: '/absences-and-lateness/my-absences/$absence/show-justificative/$readOnly', fr: '/absences-et-retards/mes-absences/$absence/voir-justificatif/$readOnly', space: 'student', navKey: null },
  { id: 'attendance.checkIn', en: '/attendance/check-in', fr: '/emargement/pointage', space: 'student', navKey: null },
  { id: 'profileChanges.student', en: '/my-profile', fr: '/mon-profil', space: 'student', navKey: 'profileChanges.nav.myProfile' },
] as const satisfies readonly PageDef[];

export type PageId = (typeof pages)[number]['id'];

/** Home page of each actor space (Me.space → page). */
export const spaceHome: Record<ActorSpace, PageId> = {
  staff: 'staff.home',
  teacher: 'teacher.home',
  coach: 'coach.home',
  tutor: 'tutor.home',
  corporation: 'corporation.home',
  student: 'student.home',
};

export const LOGIN_PAGE: PageId = 'login';

const byId = new Map<string, PageDef>(pages.map((p) => [p.id, p]));

export function getPage(id: PageId): PageDef {
  const page = byId.get(id);
  if (!page) throw new Error(`Unknown page ${id}`);
  return page;
}

export type PathParams = Record<string, string | number>;

/** The `$names` of a path: '/students/$id/registrations/$studentRegistration/edit' → 'id' | 'studentRegistration'. */
export type ParamNames<Path extends string> = Path extends `${string}$${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}$${infer Name}`
    ? Name
    : never;

type PageOf<Id extends PageId> = Extract<(typeof pages)[number], { id: Id }>;

/** The params of a page's path (both languages name them alike: pages.test.ts). */
export type PageParamName<Id extends PageId> = ParamNames<PageOf<Id>['en']>;

/**
 * The params a screen serving `Id` reads: a name every page holds is a string, one only some hold is
 * `string | undefined` ('courses.subject' has no $teacher, 'courses.teacherCourse' has one).
 */
export type PageParams<Id extends PageId> = {
  [Name in PageParamName<Id>]: Id extends unknown ? (Name extends PageParamName<Id> ? string : undefined) : never;
};

/** The `$names` of a page's path in a language, in order. */
export function pageParamNames(id: PageId, lang: 'fr' | 'en'): string[] {
  return [...getPage(id)[lang].matchAll(/\$([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** Path of a page in a language, with its `$params` filled in. */
export function pagePath(id: PageId, lang: 'fr' | 'en', params: PathParams = {}): string {
  const template = getPage(id)[lang];
  return template.replace(/\$([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing param ${name} for page ${id}`);
    return encodeURIComponent(String(value));
  });
}

/** Navigation entries of a space, in definition order. */
export function navPages(space: Space): PageDef[] {
  return pages.filter((p) => p.space === space && p.navKey !== null);
}

/** Page (and language, params) matching a concrete pathname, if any. */
export function matchPage(pathname: string): { page: PageDef; lang: 'fr' | 'en'; params: Record<string, string> } | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const page of pages as readonly PageDef[]) {
    for (const lang of ['fr', 'en'] as const) {
      const params = matchTemplate(page[lang], clean);
      if (params) return { page, lang, params };
    }
  }
  return null;
}

function matchTemplate(template: string, pathname: string): Record<string, string> | null {
  const t = template.split('/');
  const p = pathname.split('/');
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i];
    if (seg.startsWith('$')) {
      if (!p[i]) return null;
      params[seg.slice(1)] = decodeURIComponent(p[i]);
    } else if (seg !== p[i]) return null;
  }
  return params;
}
