import type { FaultRegistry } from './faults'
import type { EmulatorOptions } from './options'
import type { EmulatorState } from './state/store'

/**
 * A JSON view of the state for `GET /__emulator/state` and tests. API keys are never included:
 * accounts are named by UserID.
 */
export function buildSnapshot(
  urls: { baseUrl: string; documentUrl: string },
  options: EmulatorOptions,
  state: EmulatorState,
  faults: FaultRegistry
): Record<string, unknown> {
  const userIdOf = (key: string): string => state.accountOf(key)?.userId ?? ''
  return {
    ...urls,
    options: {
      rateLimit: options.rateLimit,
      maxFileMb: options.maxFileMb,
      maxItems: options.maxItems,
      duplicateMax: options.duplicateMax,
      listDefaultPageSize: options.listDefaultPageSize,
      listPageSizeCap: options.listPageSizeCap,
      sourceTimeoutS: options.sourceTimeoutS,
      allowSourceHosts: options.allowSourceHosts,
      utcOffsetMinutes: options.utcOffsetMinutes,
      separateHostIds: options.separateHostIds
    },
    accounts: [...state.accounts.values()].map((a) => ({
      UserID: a.userId,
      Name: a.name,
      Email: a.email,
      Flipbooks: state.quota(a.key, 'Flipbook'),
      Documents: state.quota(a.key, 'Document')
    })),
    // Host only with separate IDs: in shared mode every item is on both hosts.
    items: state.allItems().map((i) => ({
      ...(state.separateHostIds ? { Host: state.hostOf(i) } : {}),
      ID: i.id,
      Account: userIdOf(i.owner),
      DocType: i.docType,
      Name: i.name,
      Title: i.title,
      Folder: i.folder,
      CustomURL: i.slug,
      Pages: i.pages,
      CreatedMs: i.createdMs,
      FileId: i.fileId
    })),
    rateWindows: state.rateWindows,
    requests: state.requests,
    faults: faults.list(),
    internalErrors: state.internalErrors
  }
}
