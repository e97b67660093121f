// `npm run bench`: generates a 15,000-lesson and a 150,000-lesson centre, runs the real core and a worker
// against them, and prints each figure against a baseline measured in the same run. It reports, it does
// not assert: the exit code is 0 even when a figure is over its target.
import { dropPostgresDatabase } from '@alterna/core';
import { ensureTemporalServer } from '@alterna/dev';
import { bundleWorkflows, createWorker } from '@alterna/workflows/worker';
import { startBenchApp, type BenchApp } from './app.js';
import { generateCentre, serverUrl, type GeneratedCentre } from './generate.js';
import { measureAttendanceExport } from './measure-attendance-export.js';
import { measureAttendanceStatistics } from './measure-attendance-statistics.js';
import { measureBookletSaves } from './measure-booklet-saves.js';
import { measureBulk } from './measure-bulk.js';
import { measureAudit } from './measure-audit.js';
import { measureMassEmail } from './measure-mass-email.js';
import { measureMassEmailKills } from './measure-mass-email-kills.js';
import { measureLoad } from './measure-load.js';
import { measureCalendar } from './measure-calendar.js';
import { measureConflicts } from './measure-conflicts.js';
import { measureOverlaps } from './measure-overlaps.js';
import { measurePlacement } from './measure-placement.js';
import { measureQrCheckIn } from './measure-qr-check-in.js';
import { measureReportCards } from './measure-report-cards.js';
import { measureUpload } from './measure-upload.js';
import { table, type Figure } from './stats.js';

const log = (message: string) => console.log(`[bench] ${message}`);
// BENCH_ONLY=overlaps,placement,calendar,conflicts,export,stats,qr,reportcards,booklets,upload,massemail,massemail-kills,load,bulk,audit runs a subset (all by default), to look at one figure at a time.
const only = new Set((process.env.BENCH_ONLY ?? 'overlaps,placement,conflicts,calendar,export,stats,qr,reportcards,booklets,upload,massemail,massemail-kills,load,bulk,audit').split(',').map((name) => name.trim()));
// The 150,000-lesson centre only for the figures that read it (it takes minutes to make); the others use the small one.
const needsBig = ['conflicts', 'calendar', 'stats', 'bulk', 'audit'].some((name) => only.has(name));
const centres: GeneratedCentre[] = [];
const apps: BenchApp[] = [];
const figures: Figure[] = [];
class Done extends Error {}
let stopTemporal: () => Promise<void> = async () => {};
let stopWorker: () => Promise<void> = async () => {};

try {
  if (only.has('overlaps')) figures.push(...(await measureOverlaps()));
  if (only.has('placement')) figures.push(...(await measurePlacement()));
  // The other figures need the generated centres and the running core.
  if (![...only].some((name) => name !== 'overlaps' && name !== 'placement')) throw new Done();
  for (const lessons of needsBig ? [15_000, 150_000] : [15_000]) {
    const centre = await generateCentre(lessons);
    centres.push(centre);
    log(`generated ${centre.name}: 10 campuses, 300 rooms, 400 teachers, 200 planning groups, ${lessons} lessons in ${centre.seconds.toFixed(1)} s`);
  }
  const temporal = await ensureTemporalServer({ address: process.env.TEMPORAL_ADDRESS, log: (m) => log(`temporal: ${m}`) });
  stopTemporal = () => temporal.stop();
  const small = await startBenchApp(centres[0]!, temporal.address);
  // Without the big centre, `big` is the small one: none of the figures that read it runs then.
  const big = needsBig ? await startBenchApp(centres[1]!, temporal.address) : small;
  apps.push(...new Set([small, big]));

  if (only.has('conflicts')) {
    log('conflict check…');
    figures.push(...(await measureConflicts(small, big)));
  }
  if (only.has('calendar')) {
    log('calendar week…');
    figures.push(...(await measureCalendar(small, big)));
  }
  if (only.has('export')) {
    log('attendance export…');
    figures.push(...(await measureAttendanceExport(small)));
  }
  if (only.has('stats')) {
    log('attendance statistics…');
    figures.push(...(await measureAttendanceStatistics(small, big)));
  }
  if (only.has('qr')) {
    log('QR check-in…');
    figures.push(...(await measureQrCheckIn(small)));
  }
  if (only.has('reportcards')) {
    log('report cards…');
    figures.push(...(await measureReportCards(small)));
  }
  if (only.has('booklets')) {
    log('booklet saves…');
    figures.push(...(await measureBookletSaves(small)));
  }

  if (only.has('upload')) {
    log('200 MB upload…');
    figures.push(...(await measureUpload(small)));
  }

  if (only.has('massemail')) {
    log('mass e-mail of 10,000 recipients…');
    figures.push(...(await measureMassEmail(small, temporal.address)));
  }

  if (only.has('massemail-kills')) {
    log('mass e-mail of 5,000 recipients, worker killed three times…');
    figures.push(...(await measureMassEmailKills(small)));
  }

  if (only.has('load')) {
    log('loopback load (autocannon): calendar read, check-in, login…');
    figures.push(...(await measureLoad(small)));
  }

  if (!only.has('bulk') && !only.has('audit')) throw new Done();
  log('bundling the workflows and starting a worker…');
  const { worker, connection } = await createWorker({ core: big.core, address: temporal.address, workflowBundle: await bundleWorkflows() });
  const running = worker.run();
  stopWorker = async () => {
    worker.shutdown();
    await running;
    await connection.close();
  };
  if (only.has('bulk')) {
    log('bulk create…');
    figures.push(...(await measureBulk(big)));
  }
  if (only.has('audit')) {
    log('bulk create with and without the audit trail…');
    figures.push(...(await measureAudit(big)));
  }
} catch (error) {
  if (!(error instanceof Done)) console.error('[bench] stopped:', error);
} finally {
  await stopWorker().catch(() => {});
  for (const app of apps) await app.close().catch(() => {});
  await stopTemporal().catch(() => {});
  for (const centre of centres) await dropPostgresDatabase(serverUrl, centre.name).catch((e: unknown) => console.error(`[bench] could not drop ${centre.name}:`, e));
}

console.log('');
for (const c of centres) console.log(`generation of the ${c.lessons}-lesson centre (set inserts): ${c.seconds.toFixed(1)} s`);
console.log(`\n${table(figures)}\n`);
process.exit(0);
