import type { CommandSpec } from '../../command'
import { ITEM_REF, ITEM_REF_FLAGS } from './item-ref-flags'

const LOCAL = 'flipdrop link list and flipdrop hotfolder list show what is in force.'

export const LINK_ADD: CommandSpec = {
  name: 'link add',
  group: 'links',
  summary: "Link a local PDF to an item: each time the file changes, the item's PDF is replaced (same ID and link).",
  usage: [`<file> ${ITEM_REF}`],
  positionals: [2, 2],
  args: 'file',
  aliases: ['link'],
  flags: ITEM_REF_FLAGS,
  examples: [
    { says: 'Keep item 1042 in step with a file you edit:', run: 'flipdrop link add catalogue.pdf 1042' },
    { says: 'Link a Document named by its slug:', run: 'flipdrop link add handbook.pdf staff-handbook --slug --document' }
  ],
  interrupted: LOCAL
}

export const LINK_REMOVE: CommandSpec = {
  name: 'link remove',
  group: 'links',
  summary: 'Stop following a linked file (the item stays as it is).',
  usage: ['<file>'],
  positionals: [1, 1],
  args: 'file',
  aliases: ['unlink'],
  flags: [],
  examples: [{ says: 'Stop following catalogue.pdf:', run: 'flipdrop link remove catalogue.pdf' }, { says: 'The same, as JSON:', run: 'flipdrop link remove catalogue.pdf --json' }],
  interrupted: LOCAL
}

export const LINK_LIST: CommandSpec = {
  name: 'link list',
  group: 'links',
  summary: 'List linked files, their items and their state.',
  usage: [''],
  positionals: [0, 0],
  aliases: ['links'],
  flags: [],
  examples: [{ says: 'Every linked file:', run: 'flipdrop link list' }, { says: 'As JSON:', run: 'flipdrop link list --json' }],
  interrupted: 'Nothing was changed.'
}

export const HOTFOLDER_ADD: CommandSpec = {
  name: 'hotfolder add',
  group: 'links',
  summary: 'Watch a folder: a new PDF in it is published and then linked (files already there are only offered).',
  usage: ['<dir>'],
  positionals: [1, 1],
  args: 'dir',
  flags: [{ name: 'document', type: 'boolean', description: 'Publish its PDFs as Documents.', default: 'Flipbooks' }],
  examples: [
    { says: 'Publish every new PDF saved into ~/Exports:', run: 'flipdrop hotfolder add ~/Exports' },
    { says: 'The same, as Documents:', run: 'flipdrop hotfolder add ~/Handbooks --document' }
  ],
  interrupted: LOCAL
}

export const HOTFOLDER_REMOVE: CommandSpec = {
  name: 'hotfolder remove',
  group: 'links',
  summary: 'Stop watching a folder (its linked files stay linked).',
  usage: ['<dir>'],
  positionals: [1, 1],
  args: 'dir',
  flags: [],
  examples: [{ says: 'Stop watching ~/Exports:', run: 'flipdrop hotfolder remove ~/Exports' }, { says: 'The same, as JSON:', run: 'flipdrop hotfolder remove ~/Exports --json' }],
  interrupted: LOCAL
}

export const HOTFOLDER_LIST: CommandSpec = {
  name: 'hotfolder list',
  group: 'links',
  summary: 'List hot folders and the files they offer.',
  usage: [''],
  positionals: [0, 0],
  aliases: ['hotfolders'],
  flags: [],
  examples: [{ says: 'Every hot folder:', run: 'flipdrop hotfolder list' }, { says: 'As JSON:', run: 'flipdrop hotfolder list --json' }],
  interrupted: 'Nothing was changed.'
}

export const WATCH: CommandSpec = {
  name: 'watch',
  group: 'links',
  summary: 'Watch linked files and hot folders and publish their changes until stopped (when the app is not running).',
  usage: [''],
  positionals: [0, 0],
  flags: [],
  examples: [
    { says: 'Watch until Ctrl+C:', run: 'flipdrop watch' },
    { says: 'Watch, and print what was updated as JSON once stopped:', run: 'flipdrop watch --json' }
  ],
  interrupted: 'Stopped watching. Jobs it started stay in the queue; flipdrop queue --wait finishes them.'
}
