import { z } from 'zod'

/** The two kinds of item the service makes; which one depends on the Host (service-api.md §1). */
export type DocType = 'Flipbook' | 'Document'

const hostList = z.array(z.string().min(1)).default([])

/** Zod schema of the emulator's data options; every field has a default. */
export const emulatorOptionsSchema = z
  .object({
    /** Interface to bind both listeners to. */
    host: z.string().min(1).default('127.0.0.1'),
    /** Port of the default (Flipbook) host; 0 picks a free port. */
    port: z.number().int().min(0).max(65535).default(0),
    /** Port of the document host; 0 picks a free port. */
    documentPort: z.number().int().min(0).max(65535).default(0),
    /** API keys that authenticate; each key is its own account. */
    keys: z.array(z.string().min(1)).min(1).default(['demo-key']),
    /** Fixed-window rate limit per key (§8: 300 per minute). */
    rateLimit: z
      .object({
        limit: z.number().int().positive(),
        windowSeconds: z.number().positive()
      })
      .default({ limit: 300, windowSeconds: 60 }),
    /** Plan's maximum upload size in MiB (MaxFileSizeMB). */
    maxFileMb: z.number().positive().default(100),
    /** Item quota per DocType; a number sets both. */
    maxItems: z
      .union([
        z.number().int().nonnegative(),
        z.object({ flipbooks: z.number().int().nonnegative(), documents: z.number().int().nonnegative() })
      ])
      .default({ flipbooks: 100, documents: 100 })
      .transform((v) => (typeof v === 'number' ? { flipbooks: v, documents: v } : v)),
    /** Upper bound of duplicate's Count (§4.5 states both 20 and 500). */
    duplicateMax: z.number().int().min(1).default(20),
    /** List page size when PageSize is omitted or invalid. */
    listDefaultPageSize: z.number().int().positive().default(20),
    /** Largest list page; a bigger PageSize is cut to this and sets Capped. */
    listPageSizeCap: z.number().int().positive().default(100),
    /** Source hosts create-by-url may fetch even though private (e.g. 127.0.0.1 in tests). */
    allowSourceHosts: hostList,
    /** Source hosts create-by-url always refuses. */
    blockedSourceHosts: hostList,
    /** Seconds the source of create-by-url has to respond (§4.3: 60). */
    sourceTimeoutS: z.number().positive().default(60),
    /** Directory that keeps state and files across restarts; a temp dir when absent. */
    dataDir: z.string().min(1).optional(),
    /** Start with a sample library (true = a few dozen items, a number = that many). */
    seed: z.union([z.boolean(), z.number().int().nonnegative()]).default(false),
    /**
     * Give every account without a picture the one the emulator draws for it (its colour, its
     * brand's initials; served over http, so FlipDrop shows initials instead). Off: no picture.
     */
    profilePictures: z.boolean().default(false),
    /** Serve /__emulator/ admin endpoints. */
    admin: z.boolean().default(true),
    /** Offset of the server's local time, used by CreatedOn texts and CreatedOnIso. */
    utcOffsetMinutes: z.number().int().min(-14 * 60).max(14 * 60).default(330),
    /** Extra Host names (without port) that mean the document host. */
    documentHostNames: hostList,
    /**
     * Give each host its own items and ID counter (both from 1001), so a Flipbook and a Document
     * can share an ID and each host serves only its own. Off: one ID space for both hosts.
     */
    separateHostIds: z.boolean().default(false),
    /**
     * Store each created item's PDF with a few bytes added after its end (as a service that
     * rewrites uploads might), pages unchanged: the stored PDF is then not byte for byte the
     * one sent (assumption `A-stored-bytes`). Off: stored exactly as sent.
     */
    rewriteStoredPdf: z.boolean().default(false),
    /** Files up to this size are opened with pdf.js (and wraps merged with pdf-lib); bigger ones are judged while streaming. */
    pdfLibMaxMb: z.number().positive().default(16),
    /** Body size cap of form (non-file) requests, in KiB. */
    maxFormKb: z.number().int().positive().default(1024),
    /**
     * PEM key and certificate (chain): both listeners then serve HTTPS and the URLs start with
     * `https://`. For client tests of certificate trust (see test/support/test-ca.ts).
     */
    tls: z
      .object({ key: z.string().includes('PRIVATE KEY'), cert: z.string().includes('CERTIFICATE') })
      .strict()
      .optional()
  })
  .strict()

/** Options accepted by startEmulator, as written by a caller. */
export type EmulatorOptionsInput = z.input<typeof emulatorOptionsSchema> & {
  /** Clock in epoch ms; injectable so rate windows and dates are testable. */
  now?: () => number
  /** Where one-line diagnostics go (internal errors); defaults to console.error. */
  log?: (line: string) => void
}

/** Options after defaults were applied. */
export type EmulatorOptions = z.output<typeof emulatorOptionsSchema> & {
  now: () => number
  log: (line: string) => void
}

/**
 * Applies defaults and validates options; throws a ZodError on bad input.
 */
export function resolveOptions(input: EmulatorOptionsInput = {}): EmulatorOptions {
  const { now, log, ...data } = input
  const parsed = emulatorOptionsSchema.parse(data)
  return {
    ...parsed,
    now: now ?? Date.now,
    log: log ?? ((line: string) => console.error(line))
  }
}

/** Plan maximum upload size in bytes (MiB based, matching MaxFileSizeBytes). */
export function maxFileBytes(options: EmulatorOptions): number {
  return Math.floor(options.maxFileMb * 1024 * 1024)
}
