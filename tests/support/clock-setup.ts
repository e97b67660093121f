// vitest's setupFiles: every test file's clock is the run's (tests/support/clock.ts).
import { setTestClock } from './clock.js';

setTestClock();
