import type { AppContract } from './index'

/** A channel as the bridge needs it: its kind and its name on the wire, no schema. */
export interface ChannelEntry<Kind extends 'invoke' | 'event' = 'invoke' | 'event'> {
  readonly kind: Kind
  readonly channel: string
}

/** The contract's shape without its schemas: every area and method, each with its kind. */
export type ChannelTable = {
  readonly [A in keyof AppContract]: { readonly [M in keyof AppContract[A]]: ChannelEntry<AppContract[A][M] extends { kind: infer K extends 'invoke' | 'event' } ? K : never> }
}

/**
 * The contract's channels as plain data, for the preload. Building the bridge from `contract`
 * itself would put zod and every schema into the preload, which runs before the window's
 * first paint on every start (98 KB, and about 110 ms before the page painted in Chromium):
 * main checks every input, so the preload needs only the names. TypeScript holds this table
 * to the contract's areas, methods and kinds; `test/shared/channel-table.test.ts` holds the
 * channel names to it.
 */
export const CHANNEL_TABLE = {
  account: {
    profile: { kind: 'invoke', channel: 'account:profile' },
    setProfile: { kind: 'invoke', channel: 'account:setProfile' },
    plan: { kind: 'invoke', channel: 'account:plan' },
    payments: { kind: 'invoke', channel: 'account:payments' },
    cached: { kind: 'invoke', channel: 'account:cached' },
    references: { kind: 'invoke', channel: 'account:references' },
    refreshReferences: { kind: 'invoke', channel: 'account:refreshReferences' },
    referencesChanged: { kind: 'event', channel: 'account:referencesChanged' }
  },
  app: {
    info: { kind: 'invoke', channel: 'app:info' },
    openExternal: { kind: 'invoke', channel: 'app:openExternal' },
    startupState: { kind: 'invoke', channel: 'app:startupState' },
    retryStartup: { kind: 'invoke', channel: 'app:retryStartup' },
    copyText: { kind: 'invoke', channel: 'app:copyText' },
    showInFolder: { kind: 'invoke', channel: 'app:showInFolder' },
    updates: { kind: 'invoke', channel: 'app:updates' },
    checkForUpdates: { kind: 'invoke', channel: 'app:checkForUpdates' },
    restartToUpdate: { kind: 'invoke', channel: 'app:restartToUpdate' },
    painted: { kind: 'invoke', channel: 'app:painted' },
    rendererStartup: { kind: 'invoke', channel: 'app:rendererStartup' },
    updatesChanged: { kind: 'event', channel: 'app:updatesChanged' },
    startupChanged: { kind: 'event', channel: 'app:startupChanged' },
    navigate: { kind: 'event', channel: 'app:navigate' },
    menuCommand: { kind: 'event', channel: 'app:menuCommand' },
    showJob: { kind: 'event', channel: 'app:showJob' }
  },
  auth: {
    status: { kind: 'invoke', channel: 'auth:status' },
    signIn: { kind: 'invoke', channel: 'auth:signIn' },
    signOut: { kind: 'invoke', channel: 'auth:signOut' },
    switch: { kind: 'invoke', channel: 'auth:switch' },
    refresh: { kind: 'invoke', channel: 'auth:refresh' },
    changed: { kind: 'event', channel: 'auth:changed' }
  },
  library: {
    snapshot: { kind: 'invoke', channel: 'library:snapshot' },
    sync: { kind: 'invoke', channel: 'library:sync' },
    query: { kind: 'invoke', channel: 'library:query' },
    details: { kind: 'invoke', channel: 'library:details' },
    openByLink: { kind: 'invoke', channel: 'library:openByLink' },
    duplicate: { kind: 'invoke', channel: 'library:duplicate' },
    downloadPdf: { kind: 'invoke', channel: 'library:downloadPdf' },
    showDownload: { kind: 'invoke', channel: 'library:showDownload' },
    replace: { kind: 'invoke', channel: 'library:replace' },
    cover: { kind: 'invoke', channel: 'library:cover' },
    keepCover: { kind: 'invoke', channel: 'library:keepCover' },
    coversChanged: { kind: 'event', channel: 'library:coversChanged' },
    syncChanged: { kind: 'event', channel: 'library:syncChanged' },
    changed: { kind: 'event', channel: 'library:changed' },
    downloadProgress: { kind: 'event', channel: 'library:downloadProgress' }
  },
  links: {
    list: { kind: 'invoke', channel: 'links:list' },
    link: { kind: 'invoke', channel: 'links:link' },
    linkJob: { kind: 'invoke', channel: 'links:linkJob' },
    unlink: { kind: 'invoke', channel: 'links:unlink' },
    pause: { kind: 'invoke', channel: 'links:pause' },
    resume: { kind: 'invoke', channel: 'links:resume' },
    addHotFolder: { kind: 'invoke', channel: 'links:addHotFolder' },
    removeHotFolder: { kind: 'invoke', channel: 'links:removeHotFolder' },
    pauseHotFolder: { kind: 'invoke', channel: 'links:pauseHotFolder' },
    resumeHotFolder: { kind: 'invoke', channel: 'links:resumeHotFolder' },
    publishOffered: { kind: 'invoke', channel: 'links:publishOffered' },
    ignoreOffered: { kind: 'invoke', channel: 'links:ignoreOffered' },
    restoreVersion: { kind: 'invoke', channel: 'links:restoreVersion' },
    setKeepCopies: { kind: 'invoke', channel: 'links:setKeepCopies' },
    chooseAccount: { kind: 'invoke', channel: 'links:chooseAccount' },
    chooseHotFolder: { kind: 'invoke', channel: 'links:chooseHotFolder' },
    chooseAndLink: { kind: 'invoke', channel: 'links:chooseAndLink' },
    changed: { kind: 'event', channel: 'links:changed' },
    updated: { kind: 'event', channel: 'links:updated' }
  },
  readers: {
    summary: { kind: 'invoke', channel: 'readers:summary' },
    history: { kind: 'invoke', channel: 'readers:history' },
    stats: { kind: 'invoke', channel: 'readers:stats' },
    refresh: { kind: 'invoke', channel: 'readers:refresh' },
    exportCsv: { kind: 'invoke', channel: 'readers:exportCsv' },
    changed: { kind: 'event', channel: 'readers:changed' },
    news: { kind: 'event', channel: 'readers:news' }
  },
  settings: {
    get: { kind: 'invoke', channel: 'settings:get' },
    update: { kind: 'invoke', channel: 'settings:update' },
    setProxyPassword: { kind: 'invoke', channel: 'settings:setProxyPassword' },
    changed: { kind: 'event', channel: 'settings:changed' }
  },
  share: {
    items: { kind: 'invoke', channel: 'share:items' },
    copy: { kind: 'invoke', channel: 'share:copy' },
    qrPreview: { kind: 'invoke', channel: 'share:qrPreview' },
    saveQr: { kind: 'invoke', channel: 'share:saveQr' },
    copyQr: { kind: 'invoke', channel: 'share:copyQr' },
    dragQr: { kind: 'invoke', channel: 'share:dragQr' },
    saveCsv: { kind: 'invoke', channel: 'share:saveCsv' },
    saveSocialCard: { kind: 'invoke', channel: 'share:saveSocialCard' }
  },
  uploads: {
    list: { kind: 'invoke', channel: 'uploads:list' },
    enqueuePaths: { kind: 'invoke', channel: 'uploads:enqueuePaths' },
    chooseFiles: { kind: 'invoke', channel: 'uploads:chooseFiles' },
    enqueueUrl: { kind: 'invoke', channel: 'uploads:enqueueUrl' },
    replace: { kind: 'invoke', channel: 'uploads:replace' },
    decideSameContent: { kind: 'invoke', channel: 'uploads:decideSameContent' },
    decideMany: { kind: 'invoke', channel: 'uploads:decideMany' },
    confirmReplace: { kind: 'invoke', channel: 'uploads:confirmReplace' },
    undo: { kind: 'invoke', channel: 'uploads:undo' },
    chooseAccount: { kind: 'invoke', channel: 'uploads:chooseAccount' },
    publishAsNew: { kind: 'invoke', channel: 'uploads:publishAsNew' },
    publishWaitingAsDocuments: { kind: 'invoke', channel: 'uploads:publishWaitingAsDocuments' },
    decideLookalike: { kind: 'invoke', channel: 'uploads:decideLookalike' },
    checkNow: { kind: 'invoke', channel: 'uploads:checkNow' },
    refreshLimits: { kind: 'invoke', channel: 'uploads:refreshLimits' },
    pause: { kind: 'invoke', channel: 'uploads:pause' },
    resume: { kind: 'invoke', channel: 'uploads:resume' },
    cancel: { kind: 'invoke', channel: 'uploads:cancel' },
    retry: { kind: 'invoke', channel: 'uploads:retry' },
    remove: { kind: 'invoke', channel: 'uploads:remove' },
    move: { kind: 'invoke', channel: 'uploads:move' },
    rename: { kind: 'invoke', channel: 'uploads:rename' },
    clearFinished: { kind: 'invoke', channel: 'uploads:clearFinished' },
    exportCsv: { kind: 'invoke', channel: 'uploads:exportCsv' },
    readPdfRange: { kind: 'invoke', channel: 'uploads:readPdfRange' },
    takeInbox: { kind: 'invoke', channel: 'uploads:takeInbox' },
    inboxChanged: { kind: 'event', channel: 'uploads:inboxChanged' },
    changed: { kind: 'event', channel: 'uploads:changed' },
    progress: { kind: 'event', channel: 'uploads:progress' },
    limitsChanged: { kind: 'event', channel: 'uploads:limitsChanged' },
    connectivityChanged: { kind: 'event', channel: 'uploads:connectivityChanged' }
  }
} as const satisfies ChannelTable
