// Planning's long processes: mass create, mass edit/move/cancel/delete, and the undo of a finished run.
export * from './bulk-create-lessons.js';
export * from './bulk-edit-lessons.js';
export * from './undo-bulk-run.js';
