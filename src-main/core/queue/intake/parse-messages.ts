/** What a real PDF parser (pdf.js) makes of a file the structure check found unusual. */
export type ParseVerdict =
  /** It opens without a password; `pages` is the reader's page count (0: no pages). */
  | { kind: 'pdf'; pages: number }
  /** It opens only with a password (the service has none to give). */
  | { kind: 'password' }
  /** It does not open: readers cannot repair it. */
  | { kind: 'damaged' }
  /** The parser ran out of its time or memory on it, and was stopped. */
  | { kind: 'over-budget'; limit: 'time' | 'memory' }

/** What the parse worker is asked: open the file at `path`. */
export interface ParseRequest {
  id: number
  path: string
}

/** Its answer: the verdict, or why it could not look (the file could not be read). */
export type ParseReply = { id: number; verdict: ParseVerdict } | { id: number; error: string; code?: string }

/** What the worker says once pdf.js is loaded: from then on, each file's time is its own. */
export interface ParseWorkerReady {
  ready: true
}
