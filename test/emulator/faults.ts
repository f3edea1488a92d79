import { z } from 'zod'

/** Kinds of injected failure (issue 3, "Faults for tests"). */
export const FAULT_KINDS = [
  'latency',
  'stall',
  'reset-request',
  'reset-response',
  'status',
  'html',
  'broken-json',
  'commit-then-drop',
  'portal'
] as const

/** One kind of injected failure. */
export type FaultKind = (typeof FAULT_KINDS)[number]

/** Schema of a fault as posted to `/__emulator/faults` or passed to `faults.add()`. */
export const faultSpecSchema = z
  .object({
    /** Path or path prefix ('/api/get' matches '/api/get/5'); '*' matches every path. */
    route: z.string().min(1),
    /** Only requests of this method (any when absent). */
    method: z.string().min(1).optional(),
    kind: z.enum(FAULT_KINDS),
    /** latency: delay before handling (default 1000); stall: destroy the socket after this (default never). */
    ms: z.number().nonnegative().optional(),
    /** latency: each request waits a random time from `ms` to this (a service answering in 20–40 s). */
    maxMs: z.number().nonnegative().optional(),
    /** reset-request: request body bytes read before the reset; reset-response: body bytes sent before it. */
    bytes: z.number().int().nonnegative().optional(),
    /** status: the HTTP status to answer (default 502); portal: 200 (a login page) or 302 (a redirect to one). */
    status: z.number().int().min(100).max(599).optional(),
    /** How many matching requests it hits (default 1), or 'always'. */
    count: z.union([z.number().int().positive(), z.literal('always')]).optional(),
    /** Matching requests let through untouched before it starts (default 0). */
    after: z.number().int().nonnegative().optional(),
    /** status/html/broken-json/portal: perform the operation first, then replace the answer (default false). */
    commit: z.boolean().optional()
  })
  .strict()

/** A fault as a caller writes it. */
export type FaultSpec = z.input<typeof faultSpecSchema>

/** A registered fault with its remaining budget. */
export interface ActiveFault extends FaultSpec {
  id: number
  remaining: number | 'always'
  skip: number
  hits: number
}

/** Faults that act on the response of a performed operation rather than before it. */
export function actsAfterHandler(f: FaultSpec): boolean {
  return f.kind === 'reset-response' || f.kind === 'commit-then-drop' || (f.commit === true && isReplacement(f))
}

/** Faults that replace the answer with a status, an HTML page, broken JSON or a login page. */
export function isReplacement(f: FaultSpec): boolean {
  return f.kind === 'status' || f.kind === 'html' || f.kind === 'broken-json' || f.kind === 'portal'
}

/**
 * A captive portal or a proxy's login page standing in front of the service: it answers before
 * the service sees the request (no key checked, no rate limit counted), unless `commit` says
 * the request went through and only its answer was replaced.
 */
export function interceptsBeforeService(f: FaultSpec): boolean {
  return f.kind === 'portal' && f.commit !== true
}

function routeMatches(route: string, path: string): boolean {
  if (route === '*') return true
  const trimmed = route.endsWith('/') ? route.slice(0, -1) : route
  return path === trimmed || path.startsWith(`${trimmed}/`)
}

/** Registry of injected faults, consulted once per request. */
export class FaultRegistry {
  private faults: ActiveFault[] = []
  private nextId = 1

  /** Registers faults (validated); returns them with their ids. */
  add(specs: FaultSpec | readonly FaultSpec[]): ActiveFault[] {
    const list = Array.isArray(specs) ? specs : [specs as FaultSpec]
    const added = list.map((raw) => {
      const spec = faultSpecSchema.parse(raw)
      const fault: ActiveFault = { ...spec, id: this.nextId++, remaining: spec.count ?? 1, skip: spec.after ?? 0, hits: 0 }
      return fault
    })
    this.faults.push(...added)
    return added
  }

  /** Removes every fault. */
  clear(): void {
    this.faults = []
  }

  /** Faults still armed. */
  list(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }))
  }

  /** Removes one fault by its id (a portal that goes away while requests run). */
  remove(id: number): void {
    this.faults = this.faults.filter((f) => f.id !== id)
  }

  /** The first armed fault matching a request (and `which`, when given), consuming one use of it. */
  take(method: string, path: string, which: (fault: ActiveFault) => boolean = () => true): ActiveFault | undefined {
    for (const fault of this.faults) {
      if (!which(fault)) continue
      if (fault.method !== undefined && fault.method.toUpperCase() !== method.toUpperCase()) continue
      if (!routeMatches(fault.route, path)) continue
      if (fault.skip > 0) {
        fault.skip--
        continue
      }
      fault.hits++
      if (fault.remaining !== 'always') {
        fault.remaining--
        if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault)
      }
      return { ...fault }
    }
    return undefined
  }
}
