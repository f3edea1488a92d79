/**
 * Test files that assert FlipDrop's own wall-clock bounds (a lock taken over within its bound,
 * a takeover within 10 s): vitest runs them after the rest, one at a time, so a neighbour's
 * CPU never decides them. Everything else runs two files at a time.
 */
export const TIMING_SENSITIVE_FILES: string[] = []
