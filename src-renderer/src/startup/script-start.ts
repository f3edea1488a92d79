import { markOnce, STARTUP_MARKS } from './startup-marks'

// Imported first by main.ts: module order makes this the first of the app's code to run.
markOnce(STARTUP_MARKS.scriptStart)
