import { monotonicNow } from '../clock'
import { ServiceError } from '../api/service-error'

/** Probes the service; resolves when it answered (any answer), rejects when it could not be reached. */
export type Probe = () => Promise<void>

/** Why a request did not reach the service: no answer at all, or a sign-in page answered instead. */
export type OfflineCause = 'unreachable' | 'portal'

export interface ConnectivityState {
  online: boolean
  /**
   * Why the service cannot be reached, while it cannot: the computer has no network (the OS
   * says so), or it has one and the service still does not answer (a proxy, a firewall, the
   * service down), or a sign-in page answers instead of the service (a captive portal, a
   * proxy's login page: hotel or office Wi-Fi). Null while online.
   */
  cause: 'no-network' | OfflineCause | null
  /** When the next probe runs while offline, on the core's monotonic clock. */
  nextCheckAt: number | null
}

/** First wait between probes while offline; doubles up to the maximum. */
export const FIRST_PROBE_MS = 1_000
export const MAX_PROBE_MS = 30_000

/** The probe's backoff (settings of the core; tests run it at test speed). */
export interface ProbeTimings {
  firstProbeMs?: number
  maxProbeMs?: number
}

/**
 * Whether the service can be reached. A request that could not leave this machine marks
 * it offline; from then on a cheap probe runs with backoff (1 s doubling to 30 s), and at
 * once when the OS says the network is back, until the service answers. Waiting offline
 * spends no job's retries.
 */
export class Connectivity {
  private online = true
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly firstMs: number
  private readonly maxMs: number
  private delay: number
  private nextCheckAt: number | null = null
  private probing = false
  private stopped = false
  /** The OS said there is no network (until it says there is one again). */
  private noNetwork = false
  /** What the last request or probe that failed met. */
  private cause: OfflineCause = 'unreachable'
  /** When the service last answered after being out of reach (monotonic). */
  private backAt = -Infinity
  /** Out of reach again right after it answered: only the probe says it is back (see reportOffline). */
  private flapping = false

  constructor(
    private readonly probe: Probe,
    private readonly onChange: (state: ConnectivityState) => void,
    timings: ProbeTimings = {}
  ) {
    this.firstMs = timings.firstProbeMs ?? FIRST_PROBE_MS
    this.maxMs = timings.maxProbeMs ?? MAX_PROBE_MS
    this.delay = this.firstMs
  }

  get state(): ConnectivityState {
    const cause = this.online ? null : this.noNetwork ? 'no-network' : this.cause
    return { online: this.online, cause, nextCheckAt: this.nextCheckAt }
  }

  /** A request could not reach the service (`portal`: a sign-in page answered instead). */
  reportOffline(cause: OfflineCause = 'unreachable'): void {
    if (this.stopped) return
    const changed = this.cause !== cause
    this.cause = cause
    if (!this.online) {
      if (changed) this.onChange(this.state)
      return
    }
    this.online = false
    // Out of reach again right after it answered (a sign-in page in the way of some requests
    // only, a service that answers the probe but not the work). Every answer used to bring it
    // back, and coming back sends work (the plan, a library sync) that met the page again: 50
    // round trips in 300 ms, then the rate limit's whole window. Now the probe keeps backing
    // off, and until it runs a stray answer does not bring it back.
    this.flapping = monotonicNow() - this.backAt < this.delay * 2
    this.delay = this.flapping ? Math.min(this.maxMs, this.delay * 2) : this.firstMs
    this.schedule()
    this.onChange(this.state)
  }

  /** A request got an answer: the service is reachable (while flapping, the probe decides). */
  reportOnline(): void {
    if (this.flapping) return
    this.backOnline()
  }

  private backOnline(): void {
    if (this.online) return
    this.online = true
    this.backAt = monotonicNow()
    this.clear()
    this.onChange(this.state)
  }

  /** The operating system's network state changed: check now when it came back, stop sending when it went away. */
  networkChanged(osOnline: boolean): void {
    const changed = this.noNetwork === osOnline
    this.noNetwork = !osOnline
    if (!osOnline) {
      if (this.online) this.reportOffline()
      else if (changed) this.onChange(this.state)
      return
    }
    if (!this.online) this.checkNow()
  }

  /** Asks the service now (the user said "Try now", or the network settings changed), and backs off afresh. */
  checkNow(): void {
    if (this.stopped || this.online) return
    this.delay = this.firstMs
    this.flapping = false
    this.clear()
    void this.check()
  }

  stop(): void {
    this.stopped = true
    this.clear()
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.nextCheckAt = null
  }

  private schedule(): void {
    this.clear()
    this.nextCheckAt = monotonicNow() + this.delay
    this.timer = setTimeout(() => void this.check(), this.delay)
    this.timer.unref?.()
  }

  private async check(): Promise<void> {
    if (this.probing || this.stopped) return
    this.probing = true
    try {
      await this.probe()
      this.backOnline()
    } catch (error) {
      if (this.stopped || this.online) return
      this.cause = error instanceof ServiceError && error.kind === 'portal' ? 'portal' : 'unreachable'
      this.delay = Math.min(this.maxMs, this.delay * 2)
      this.schedule()
      this.onChange(this.state)
    } finally {
      this.probing = false
    }
  }
}
