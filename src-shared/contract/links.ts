import { z } from 'zod'
import {
  addHotFolderSchema,
  chooseAndLinkSchema,
  chooseLinkAccountSchema,
  chooseHotFolderSchema,
  folderRefSchema,
  keepCopiesSchema,
  linkFileSchema,
  linkJobSchema,
  linkRefSchema,
  publishOfferedSchema,
  ignoreOfferedSchema,
  restoreVersionSchema,
  type LinksView,
  type LinkUpdated,
  type LinkView
} from '../domain/links'
import { event, invoke } from './define'

/** The `links` area: local PDFs linked to items, and hot folders. */
export const links = {
  list: invoke<LinksView>()('links:list', z.undefined()),
  /** Links a local PDF to an existing item: later changes of the file replace its PDF (same ID and link). */
  link: invoke<LinkView>()('links:link', linkFileSchema),
  /** "Keep this file linked" on a finished job: its file and the item it published. */
  linkJob: invoke<LinkView>()('links:linkJob', linkJobSchema),
  /** Forgets a link; the item stays as it is. */
  unlink: invoke<LinksView>()('links:unlink', linkRefSchema),
  pause: invoke<LinkView>()('links:pause', linkRefSchema),
  resume: invoke<LinkView>()('links:resume', linkRefSchema),
  addHotFolder: invoke<LinksView>()('links:addHotFolder', addHotFolderSchema),
  removeHotFolder: invoke<LinksView>()('links:removeHotFolder', folderRefSchema),
  pauseHotFolder: invoke<LinksView>()('links:pauseHotFolder', folderRefSchema),
  resumeHotFolder: invoke<LinksView>()('links:resumeHotFolder', folderRefSchema),
  /** Publishes files that were in a hot folder when it was added (all, or the ones named). */
  publishOffered: invoke<LinksView>()('links:publishOffered', publishOfferedSchema),
  /** Leaves offered files alone: no longer offered, never published from the folder (not even after a restart). */
  ignoreOffered: invoke<LinksView>()('links:ignoreOffered', ignoreOfferedSchema),
  /** Re-uploads a kept copy of an earlier version (only with keepCopies on when it was published). */
  restoreVersion: invoke<LinkView>()('links:restoreVersion', restoreVersionSchema),
  setKeepCopies: invoke<LinksView>()('links:setKeepCopies', keepCopiesSchema),
  /** A link or hot folder of the time before FlipDrop kept accounts apart, whose account nothing names: it works for the signed-in account chosen. */
  chooseAccount: invoke<LinksView>()('links:chooseAccount', chooseLinkAccountSchema),
  /** Shows the OS folder dialog (in main) and adds the folder picked; null when cancelled. */
  chooseHotFolder: invoke<LinksView | null>()('links:chooseHotFolder', chooseHotFolderSchema),
  /** Shows the OS file dialog (in main) and links the PDF picked to the item; null when cancelled. */
  chooseAndLink: invoke<LinkView | null>()('links:chooseAndLink', chooseAndLinkSchema),
  changed: event<LinksView>()('links:changed'),
  /** A linked item got its file's new content: "Updated <name> (same link)". */
  updated: event<LinkUpdated>()('links:updated')
}
