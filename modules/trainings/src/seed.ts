import crypto from 'node:crypto';
import type { Knex } from '@alterna/core';
import { schoolYearOf, todayIn } from './rules/current-session.js';
import { unfoldCertifierBase } from './rules/training-plan.js';

type Blocks = { name: string; subjects: [shortName: string, hours: number][] }[];

const subjects: [name: string, shortName: string, level: string | null, color: string, archived?: boolean][] = [
  ['Culture générale et expression', 'CGE', 'BTS', '#e8590c'],
  ['Anglais', 'ANG', null, '#1c7ed6'],
  ['Culture économique, juridique et managériale', 'CEJM', 'BTS', '#5f3dc4'],
  ['Mathématiques pour l\'informatique', 'MATH', 'BTS', '#2b8a3e'],
  ['Développement de la relation client et vente conseil', 'DRCV', 'BTS', '#c2255c'],
  ['Animation et dynamisation de l\'offre commerciale', 'ADOC', 'BTS', '#d6336c'],
  ['Gestion opérationnelle', 'GEO', 'BTS', '#f08c00'],
  ['Management de l\'équipe commerciale', 'MEC', 'BTS', '#a61e4d'],
  ['Support et mise à disposition de services informatiques', 'SMDSI', 'BTS', '#0b7285'],
  ['Administration des systèmes et des réseaux', 'ASR', 'BTS', '#087f5b'],
  ['Conception et développement d\'applications', 'CDA', 'BTS', '#364fc7'],
  ['Cybersécurité des services informatiques', 'CYBER', 'BTS', '#212529'],
  ['Marketing digital', 'MKD', 'Bac+3', '#9c36b5'],
  ['Négociation et relation d\'affaires', 'NEGO', 'Bac+3', '#e03131'],
  ['Gestion de projet', 'GDP', 'Bac+3', '#495057'],
  ['Économie-droit (ancien programme)', 'ECODROIT', 'BTS', '#868e96', true],
];

const general: Blocks[number] = { name: 'Enseignements généraux', subjects: [['CGE', 110], ['ANG', 110], ['CEJM', 140]] };

const trainings: {
  name: string;
  shortName: string;
  published: boolean;
  campuses: string[];
  base: Blocks;
  variants: { name: string; extra?: Blocks }[];
  gradeScale: [string, number][];
}[] = [
  {
    name: 'BTS Management commercial opérationnel', shortName: 'MCO', published: true, campuses: ['Paris', 'Lyon'],
    base: [
      { name: 'Bloc 1 – Développer la relation client et assurer la vente conseil', subjects: [['DRCV', 220]] },
      { name: 'Bloc 2 – Animer et dynamiser l\'offre commerciale', subjects: [['ADOC', 180]] },
      { name: 'Bloc 3 – Assurer la gestion opérationnelle', subjects: [['GEO', 150]] },
      { name: 'Bloc 4 – Manager l\'équipe commerciale', subjects: [['MEC', 120]] },
      general,
    ],
    variants: [{ name: 'Parcours alternance' }],
    gradeScale: [['Contrôle continu', 1], ['Examen blanc', 2], ['Épreuve pratique', 1.5]],
  },
  {
    name: 'BTS Services informatiques aux organisations', shortName: 'SIO', published: true, campuses: ['Paris', 'Lyon'],
    base: [
      { name: 'Bloc 1 – Support et mise à disposition de services informatiques', subjects: [['SMDSI', 200]] },
      { name: 'Bloc 3 – Cybersécurité des services informatiques', subjects: [['CYBER', 120]] },
      { name: 'Enseignements généraux', subjects: [['CGE', 90], ['ANG', 90], ['MATH', 100], ['CEJM', 130]] },
    ],
    variants: [
      { name: 'SISR', extra: [{ name: 'Bloc 2 – Administration des systèmes et des réseaux', subjects: [['ASR', 220]] }] },
      { name: 'SLAM', extra: [{ name: 'Bloc 2 – Conception et développement d\'applications', subjects: [['CDA', 220]] }] },
    ],
    gradeScale: [['Contrôle continu', 1], ['Projet', 2], ['Examen blanc', 2]],
  },
  {
    name: 'Bachelor Responsable du développement commercial', shortName: 'RDC', published: true, campuses: ['Paris'],
    base: [
      { name: 'Bloc 1 – Élaborer la stratégie commerciale', subjects: [['MKD', 120], ['GDP', 90]] },
      { name: 'Bloc 2 – Négocier et développer le portefeuille', subjects: [['NEGO', 140], ['ANG', 60]] },
    ],
    variants: [{ name: 'Parcours standard' }],
    gradeScale: [['Contrôle continu', 1], ['Soutenance', 3]],
  },
  {
    name: 'Titre professionnel Négociateur technico-commercial', shortName: 'NTC', published: false, campuses: ['Lyon'],
    base: [{ name: 'Bloc 1 – Prospecter et négocier', subjects: [['NEGO', 160]] }],
    variants: [],
    gradeScale: [],
  },
];

/** Groups of each session: [training, variant, campus, short name, name]. */
const groups: [string, string, string, string, string][] = [
  ['MCO', 'Parcours alternance', 'Paris', 'MCO1-PAR', 'BTS MCO 1re année – Paris'],
  ['SIO', 'SLAM', 'Paris', 'SIO1-SLAM-PAR', 'BTS SIO 1re année SLAM – Paris'],
  ['RDC', 'Parcours standard', 'Paris', 'RDC-PAR', 'Bachelor RDC – Paris'],
  ['MCO', 'Parcours alternance', 'Lyon', 'MCO1-LYO', 'BTS MCO 1re année – Lyon'],
  ['SIO', 'SISR', 'Lyon', 'SIO1-SISR-LYO', 'BTS SIO 1re année SISR – Lyon'],
];

/**
 * The demo centre's subjects, trainings with plans and variants for the current school year and the
 * previous one, training groups per campus in both, and grade scales. Runs after training-centre's seed.
 */
export async function seedTrainings(knex: Knex, today = todayIn()): Promise<void> {
  await knex.transaction(async (trx) => {
    const campuses = new Map<string, string>((await trx('training_centre_campuses as campuses').select('id', 'name')).map((c: { id: string; name: string }) => [c.name, c.id]));
    const campusId = (name: string) => {
      const id = campuses.get(name);
      if (!id) throw new Error(`demo campus ${name} is missing`);
      return id;
    };
    const subjectRows = await trx('school_subjects')
      .insert(subjects.map(([name, shortName, level, color, archived]) => ({ name, short_name: shortName, level, color, archived: archived ?? false })))
      .returning(['id', 'short_name']);
    const subjectId = new Map<string, string>(subjectRows.map((s: { id: string; short_name: string }) => [s.short_name, s.id]));
    const subjectOf = (shortName: string) => {
      const id = subjectId.get(shortName);
      if (!id) throw new Error(`trainings seed: no school subject ${shortName}`);
      return id;
    };

    const current = schoolYearOf(today);
    const previous = schoolYearOf(`${Number(current.startDate.slice(0, 4)) - 1}-10-01`);
    const sessionRows = await trx('training_sessions')
      .insert([previous, current].map((s) => ({ name: s.name, start_date: s.startDate, end_date: s.endDate })))
      .returning(['id', 'name']);
    const sessions = [previous, current].map((s, i) => ({ ...s, id: sessionRows[i]!.id as string }));

    const insertBlocks = async (planId: string, variantId: string | null, blocks: Blocks) => {
      const rows = blocks.map((block, position) => ({ id: crypto.randomUUID(), training_plan_id: planId, variant_id: variantId, name: block.name, position }));
      if (!rows.length) return;
      await trx('training_plan_blocks').insert(rows);
      await trx('training_plan_subjects').insert(
        blocks.flatMap((block, i) => block.subjects.map(([shortName, hours], position) => ({ block_id: rows[i]!.id, school_subject_id: subjectOf(shortName), hours, position }))),
      );
    };

    const variantIds = new Map<string, string>();
    for (const training of trainings) {
      const [row] = await trx('trainings').insert({ name: training.name, short_name: training.shortName, is_published: training.published }).returning('id');
      if (!row) throw new Error(`trainings seed: training ${training.shortName} not created`);
      await trx('training_campuses').insert(training.campuses.map((campus) => ({ training_id: row.id, campus_id: campusId(campus) })));
      if (training.gradeScale.length) {
        await trx('grade_scale_elements').insert(training.gradeScale.map(([name, coefficient], position) => ({ training_id: row.id, name, coefficient, position })));
      }
      for (const session of sessions) {
        const [plan] = await trx('training_plans').insert({ training_id: row.id, training_session_id: session.id }).returning('id');
        if (!plan) throw new Error(`trainings seed: plan of ${training.shortName} not created`);
        await insertBlocks(plan.id, null, training.base);
        for (const variant of training.variants) {
          const [variantRow] = await trx('training_plan_variants').insert({ training_plan_id: plan.id, name: variant.name }).returning('id');
          if (!variantRow) throw new Error(`trainings seed: variant ${variant.name} not created`);
          const unfolded = unfoldCertifierBase(training.base.map((b) => ({ name: b.name, subjects: b.subjects.map(([s, h]) => ({ schoolSubjectId: s, hours: h })) })));
          const blocks: Blocks = [...unfolded.map((b) => ({ name: b.name, subjects: b.subjects.map((s) => [s.schoolSubjectId, s.hours] as [string, number]) })), ...(variant.extra ?? [])]
            .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
          await insertBlocks(plan.id, variantRow.id, blocks);
          variantIds.set(`${training.shortName}/${variant.name}/${session.id}`, variantRow.id);
        }
      }
    }

    const trainingIds = new Map<string, string>((await trx('trainings').select('id', 'short_name')).map((t: { id: string; short_name: string }) => [t.short_name, t.id]));
    const known = (ids: Map<string, string>, key: string) => {
      const id = ids.get(key);
      if (!id) throw new Error(`trainings seed: nothing named ${key}`);
      return id;
    };
    await trx('training_groups').insert(
      sessions.flatMap((session) =>
        groups.map(([training, variant, campus, shortName, name]) => ({
          name, short_name: shortName, start_date: session.startDate, end_date: session.endDate,
          campus_id: campusId(campus), training_session_id: session.id, training_id: known(trainingIds, training), variant_id: known(variantIds, `${training}/${variant}/${session.id}`),
        })),
      ),
    );
  });
}
