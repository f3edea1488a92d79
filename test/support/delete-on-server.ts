import type { RunningEmulator } from '../emulator'

/**
 * Deletes items on the emulator. The service has no delete (§4); the emulator's saved state
 * without them stands for one (deleted on the service's website). IDs as in the default mode, one ID space for both hosts.
 */
export function deleteOnServer(emulator: Pick<RunningEmulator, 'state'>, ids: readonly number[]): void {
  const doomed = new Set(ids)
  const saved = emulator.state.toPersisted()
  emulator.state.loadPersisted({ ...saved, items: saved.items.filter((item) => !doomed.has(item.id)) })
}
