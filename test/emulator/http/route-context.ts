import type { FaultRegistry } from '../faults'
import type { DocType, EmulatorOptions } from '../options'
import type { SourceFetcher } from '../source/fetch-source'
import type { FileStore } from '../state/file-store'
import type { ItemHost } from '../state/item-space'
import type { RecordContext } from '../state/item-record'
import type { EmulatorState } from '../state/store'
import type { Account } from '../state/types'
import type { Exchange } from './exchange'
import type { RateLimiter } from './rate-limit'

/** Everything the handlers share for the life of one emulator. */
export interface ServerEnv {
  options: EmulatorOptions
  state: EmulatorState
  files: FileStore
  faults: FaultRegistry
  limiter: RateLimiter
  source: SourceFetcher
  /** Public origins of the two hosts, e.g. `http://127.0.0.1:8787`. */
  origins: Record<DocType, string>
  record: RecordContext
}

/** One authenticated API request as a handler sees it. */
export interface RouteContext {
  env: ServerEnv
  ex: Exchange
  key: string
  account: Account
  /** Flipbook or Document, decided by the Host the request arrived on (§1). */
  docType: DocType
  /** That host; with `separateHostIds` it names the ID space the request sees. */
  host: ItemHost
  /** Origin of that host. */
  origin: string
  params: Record<string, string>
  query: URLSearchParams
}

/** A handler of one operation. */
export type RouteHandler = (ctx: RouteContext) => Promise<void> | void

/** One operation: method, path template (`:name` segments) and handler. */
export interface Route {
  method: string
  path: string
  handler: RouteHandler
}
