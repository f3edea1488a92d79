import { monotonicNow, wallNow } from '../clock'
import type { HeldLock } from './lock-file'

/*
 * Whether the holder of a data-folder lock is alive, decided in this order:
 *
 *   1. a lock this process holds (its token is in this process's registry) is ours;
 *   2. a lock written on another machine (the folder is shared or synced) is never judged:
 *      a pid means nothing here, so it stays held until a person releases it;
 *   3. the holder answers a ping on the socket its lock names, with its token: alive, whatever
 *      its pid looks like from here (another pid namespace, say). A listener that accepts but
 *      does not answer in time is also taken as alive: a live socket is never stolen;
 *   4. nobody answers and the pid is ours: stale (a process with our pid is us, and we do not
 *      hold it: a container restarted as PID 1);
 *   5. nobody answers and the pid is gone: stale, at once;
 *   6. nobody answers but the pid exists: alive while the heartbeat is fresh (the holder
 *      touches the file every few seconds, see lock-heartbeat.ts), which covers a holder that
 *      has taken the lock and is not listening yet, and one whose hand-off server failed to
 *      start; stale once the heartbeat is older than the bound (the pid was reused by an
 *      unrelated process). Its age is "unchanged since I first saw it so", timed on this
 *      process's monotonic clock: the computer's clock set back or forward neither keeps a
 *      dead holder alive for hours nor makes a beating one look dead. Only a first look has
 *      nothing to compare with, and takes the file's time for what it says.
 */

/** What pinging the holder's socket showed. */
export type ProbeAnswer = 'answers' | 'listening' | 'silent'

/** Pings the holder named by a lock's `info` (socket and token). */
export type HolderProbe = (info: Readonly<Record<string, string>>) => Promise<ProbeAnswer>

/** The verdict on a lock's holder. */
export type Verdict = { kind: 'ours' } | { kind: 'elsewhere'; host: string } | { kind: 'live' } | { kind: 'stale' }

/** What judging needs to know about this process and the world. */
export interface LivenessRules {
  pid: number
  host: string
  isAlive: (pid: number) => boolean
  probe: HolderProbe
  /** A silent holder with a live pid is stale once its heartbeat is this old. */
  staleAfterMs: number
}

/** Long enough for a holder's event loop to stall now and then; the heartbeat beats every 2 s. */
export const DEFAULT_STALE_AFTER_MS = 15_000

const REGISTRY = Symbol.for('flipdrop.data-lock.tokens')
type WithRegistry = typeof globalThis & { [REGISTRY]?: Set<string> }

/**
 * Tokens of the locks (and takeover claims) this process holds. On globalThis, so two copies
 * of this module in one process (bundles, test runners) still agree on what is ours.
 */
export function heldTokens(): Set<string> {
  const scope = globalThis as WithRegistry
  scope[REGISTRY] ??= new Set<string>()
  return scope[REGISTRY]
}

/** Whether a process exists: signal 0 checks without sending. EPERM means it exists but is not ours. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // Only ESRCH proves it is gone; anything else, assume alive rather than steal a live lock.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/** Host names compare without case, as DNS does. */
export function sameHost(one: string, other: string): boolean {
  return one.toLowerCase() === other.toLowerCase()
}

/** Steps 1 and 2 of the header: what can be said without asking anyone. */
function settledWithoutAsking(holder: HeldLock, rules: LivenessRules): Verdict | null {
  if (heldTokens().has(holder.key)) return { kind: 'ours' }
  if (holder.host !== null && !sameHost(holder.host, rules.host)) return { kind: 'elsewhere', host: holder.host }
  return null
}

/** Each lock's heartbeat as this process last saw it: its file time, and its age then and when (monotonic). */
const sightings = new Map<string, { touchedAt: number; ageThen: number; seenAt: number }>()
/** Locks a process looks at in its life: a handful. */
const MAX_SIGHTINGS = 32

/** How long the holder's heartbeat has not moved, as far as this process can tell. */
function heartbeatAge(holder: HeldLock): number {
  const now = monotonicNow()
  const id = `${holder.key}|${holder.pid}`
  const seen = sightings.get(id)
  if (seen?.touchedAt === holder.touchedAt) return seen.ageThen + (now - seen.seenAt)
  // Moved on since the last look: it just beat. A first look, or a time moved back (a beat after the
  // clock was set back, or a hand): the file's age by the wall clock, a time ahead of it being fresh.
  const ageThen = seen && holder.touchedAt > seen.touchedAt ? 0 : Math.max(0, wallNow() - holder.touchedAt)
  sightings.delete(id)
  if (sightings.size >= MAX_SIGHTINGS) sightings.delete(sightings.keys().next().value ?? '')
  sightings.set(id, { touchedAt: holder.touchedAt, ageThen, seenAt: now })
  return ageThen
}

/** Steps 4 to 6 of the header, for a holder that did not answer. */
export function judgeSilent(holder: HeldLock, rules: LivenessRules): Verdict {
  const settled = settledWithoutAsking(holder, rules)
  if (settled) return settled
  if (holder.pid === rules.pid) return { kind: 'stale' }
  if (!rules.isAlive(holder.pid)) return { kind: 'stale' }
  return heartbeatAge(holder) < rules.staleAfterMs ? { kind: 'live' } : { kind: 'stale' }
}

/** The whole decision of the header. */
export async function judgeHolder(holder: HeldLock, rules: LivenessRules): Promise<Verdict> {
  const settled = settledWithoutAsking(holder, rules)
  if (settled) return settled
  if ((await rules.probe(holder.info)) !== 'silent') return { kind: 'live' }
  return judgeSilent(holder, rules)
}

/**
 * Whether a takeover claim's creator may still be at work. Claims have no socket and no
 * heartbeat (they live for milliseconds), so only the pid can tell; a claim made on another
 * machine cannot be judged and counts as live.
 */
export function isClaimLive(claim: HeldLock, rules: Pick<LivenessRules, 'pid' | 'host' | 'isAlive'>): boolean {
  if (heldTokens().has(claim.key)) return true
  if (claim.host !== null && !sameHost(claim.host, rules.host)) return true
  if (claim.pid === rules.pid) return false
  return rules.isAlive(claim.pid)
}
