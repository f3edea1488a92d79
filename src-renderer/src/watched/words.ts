import type { LinkState } from '../../../src-shared/domain/links'
import { groupedCount } from '../format/count'
import { countOf, NOUNS } from '../words/plural'

/*
 * Every sentence of the Watched folders view (linked files and hot folders), in one place
 * for the next copy pass: what FlipDrop watches on this computer and what it does with it.
 */

export const WATCHED_WORDS = {
  lead: 'FlipDrop watches these on this computer: a PDF saved into a hot folder is published, and a linked PDF updates its flipbook each time you save it, at the same link.',
  show: 'Show in folder',

  files: 'Linked files',
  noFiles: 'No linked files yet. Turn on “Update when the file changes” for a published upload, or use “Link a local file…” on an item in the Library.',
  update: 'Update when the file changes',
  updating: 'Updating…',
  lastUpdate: (when: string, size: string) => `Last published ${when} · ${size}`,
  notYet: 'Not published from this file yet.',
  state: {
    active: null,
    paused: 'Not updating: changes to the file are not published.',
    missing: 'File missing: it was moved or deleted. The flipbook stays as it is.',
    'item-gone': 'Deleted on the service: there is nothing to update.'
  } satisfies Record<LinkState, string | null>,
  versions: (count: number) => countOf(count, { one: 'earlier version', other: 'earlier versions' }),
  restore: 'Restore',
  restoreLabel: (when: string, name: string) => `Restore the version of ${when} of ${name}`,
  pages: (count: number) => countOf(count, NOUNS.page),
  unlink: 'Unlink',
  unlinkLabel: (name: string) => `Unlink ${name}`,

  folders: 'Hot folders',
  foldersLead: 'Every new PDF saved into a hot folder is published, then kept linked.',
  noFolders: 'No hot folders yet. Add one, and every PDF you save into it is published.',
  folderActive: 'Publish new PDFs',
  kind: { Flipbook: 'Flipbooks', Document: 'Documents' },
  folderLast: (when: string, name: string) => `Last published ${when}: ${name}`,
  folderNothingYet: 'Nothing published from it yet.',
  folderMissing: 'Folder missing: it was moved, renamed or is not connected.',
  polling: 'Checked every few seconds (a network folder).',
  publishing: (count: number) => `Publishing ${countOf(count, NOUNS.pdf)}…`,
  offered: (count: number) =>
    `${count === 1 ? 'This PDF was' : `These ${groupedCount(count)} PDFs were`} already in the folder. ${count === 1 ? 'It is' : 'They are'} published only if you say so.`,
  publishOne: 'Publish',
  publishOneLabel: (name: string) => `Publish ${name}`,
  ignore: 'Ignore',
  ignoreLabel: (name: string) => `Ignore ${name}`,
  publishAll: (count: number) => `Publish all ${groupedCount(count)}`,
  remove: 'Remove',
  removeLabel: (path: string) => `Remove the hot folder ${path}`,
  addKind: 'New PDFs become',
  add: 'Add a hot folder…',
  /** With several accounts signed in: a new hot folder publishes to the account in use. */
  addFor: (label: string) => `Its PDFs go to ${label}, the account in use now.`,

  keepHeading: 'Earlier versions',
  keepCopies: 'Keep a copy of each version',
  keepCopiesHint: 'Each published version is kept in FlipDrop’s data folder, so an earlier one can be restored.'
} as const
