/**
 * Test files that assert FlipDrop's own wall-clock bounds (a lock taken over within its bound,
 * a takeover within 10 s): vitest runs them after the rest, one at a time, so a neighbour's
 * CPU never decides them. Everything else runs two files at a time.
 */
export const TIMING_SENSITIVE_FILES: string[] = [
  // An upload's stall clock (1 s) must not start while it waits its turn at the rate limiter.
  'test/main/core/api/upload-progress.test.ts'
]
