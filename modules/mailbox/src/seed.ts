import type { Knex } from '@alterna/core';
import type { MailboxServices } from './services/index.js';
import type { Block, ColumnWidget, SectionBlock, TemplateContent } from './validation/index.js';

// Demo mail templates (issue #13 "three templates"): centre-wide, in French like the demo centre.

let n = 0;
const id = () => `seed${(n += 1)}`;
const text = (value: string, extra: Partial<Extract<ColumnWidget, { type: 'text' }>> = {}): ColumnWidget =>
  ({ id: id(), type: 'text', text: value, fontSize: 15, color: '#222222', align: 'left', bold: false, italic: false, font: null, ...extra });
const button = (label: string, href: string): ColumnWidget =>
  ({ id: id(), type: 'button', label, href, backgroundColor: '#1c7ed6', color: '#ffffff', align: 'center', fontSize: 15, borderRadius: 4 });
const section = (layout: SectionBlock['layout'], ...columns: ColumnWidget[][]): SectionBlock => ({ id: id(), type: 'section', layout, backgroundColor: null, columns: columns.map((widgets) => ({ widgets })) });
const content = (mode: TemplateContent['mode'], font: TemplateContent['font'], blocks: Block[]): TemplateContent =>
  ({ mode, font, backgroundColor: '#f4f4f4', contentBackgroundColor: '#ffffff', width: 600, blocks });

export async function seedMailbox(services: MailboxServices, knex: Knex): Promise<void> {
  const templates = [
    {
      subject: 'Bienvenue chez Alterna, {{firstName}} !',
      subTitle: 'Votre rentrée en {{training}}',
      content: content('email', 'Arial', [
        section('100', [
          text('Bonjour {{firstName}} {{lastName}},', { bold: true, fontSize: 18 }),
          text('Bienvenue dans la formation {{training}} (groupe {{group}}) au campus de {{campus}}.\nVotre espace personnel vous attend : emploi du temps, absences, livret et notes.'),
          button('Ouvrir mon espace', 'https://alterna.example/mon-espace'),
          text("À très bientôt,\nL'équipe pédagogique"),
        ]),
      ]),
    },
    {
      subject: "Rappel : votre examen approche",
      subTitle: '{{training}} — {{campus}}',
      content: content('template', 'Georgia', [
        { id: id(), type: 'hero', title: 'Examen dans une semaine', text: 'Groupe {{group}}', backgroundColor: '#2f4858', backgroundUrl: '', color: '#ffffff', height: 220, buttonLabel: '', buttonHref: '' },
        section('100', [
          text('Bonjour {{firstName}},'),
          text("Votre examen de {{training}} a lieu la semaine prochaine. Pensez à votre pièce d'identité et à votre convocation."),
          { id: id(), type: 'divider', color: '#dddddd', thickness: 1, widthPercent: 100 },
          text('Une question ? Répondez simplement à cet e-mail.', { italic: true, fontSize: 13, color: '#666666' }),
        ]),
      ]),
    },
    {
      subject: 'La lettre du campus de {{campus}}',
      subTitle: 'Actualités du mois',
      content: content('template', 'Montserrat', [
        section('100', [text('La lettre du campus', { bold: true, fontSize: 26, align: 'center', color: '#1c7ed6' })]),
        section('50-50',
          [text('Journée portes ouvertes', { bold: true }), text('Samedi 14 mars, venez présenter votre formation aux futurs apprentis.')],
          [text('Forum des entreprises', { bold: true }), text('Plus de 40 entreprises partenaires rencontrent nos apprentis le 2 avril.')]),
        section('33-67',
          [{ id: id(), type: 'spacer', height: 10 }, text('À ne pas manquer', { bold: true, color: '#e8590c' })],
          [text('Les inscriptions aux ateliers CV sont ouvertes jusqu’à la fin du mois.'), button('Je m’inscris', 'https://alterna.example/ateliers')]),
        section('100', [{ id: id(), type: 'social', align: 'center', networks: [{ network: 'linkedin', href: 'https://www.linkedin.com/' }, { network: 'instagram', href: 'https://www.instagram.com/' }] }]),
      ]),
    },
  ];
  for (const template of templates) await services.templates.seed({ ...template, campusId: null }, knex);
}
