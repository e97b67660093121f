// The bench speaks in Paris days and wall-clock times, as the planning does: the planning's own helpers.
export { addDays, mondayOf, parisWallClock as parisIso } from '@alterna/planning/validation';
