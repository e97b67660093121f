import { generateRows, writeRows } from '@alterna/dev';

// `npm run db:rows`: regenerates every module's src/models/rows.ts and core/src/db/rows.ts from a freshly migrated
// database on the PostgreSQL server of TEST_POSTGRES_URL (the tests' server by default). Run after a migration.

const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const files = await generateRows(serverUrl);
writeRows(files);
console.log(`rows: ${files.size} files written (${[...files.keys()].join(', ')})`);
