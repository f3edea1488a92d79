/** The FlipDrop service emulator: a real HTTP server that behaves like service-api.md. */
export { startEmulator, type RunningEmulator } from './emulator'
export { resolveOptions, emulatorOptionsSchema, type DocType, type EmulatorOptions, type EmulatorOptionsInput } from './options'
export { FAULT_KINDS, FaultRegistry, faultSpecSchema, type ActiveFault, type FaultKind, type FaultSpec } from './faults'
export { EmulatorState, type Quota } from './state/store'
export type { ItemHost } from './state/item-space'
export type { Account, RateWindowRecord, RequestLogEntry, StoredItem } from './state/types'
export { DATE_PATTERNS } from './formats'
