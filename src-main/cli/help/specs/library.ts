import type { CommandSpec } from '../../command'
import { ITEM_REF, ITEM_REF_FLAGS } from './item-ref-flags'

const READ_ONLY = 'Nothing was changed.'

export const LIST: CommandSpec = {
  name: 'list',
  group: 'library',
  summary: 'List your flipbooks (or documents with --document): one page, or all with --all.',
  usage: [''],
  positionals: [0, 0],
  flags: [
    { name: 'search', type: 'string', value: 'text', description: 'Only items whose name contains this text.', default: 'every item' },
    { name: 'folder', type: 'string', value: 'name', description: 'Only items in this folder.', default: 'every folder' },
    {
      name: 'sort',
      type: 'string',
      value: 'key',
      description: 'Sort by Name, DocType, CreatedOn, NoOfViews or NoOfLeads.',
      default: "the service's order, newest first",
      complete: ['Name', 'DocType', 'CreatedOn', 'NoOfViews', 'NoOfLeads']
    },
    { name: 'desc', type: 'boolean', description: 'Reverse the --sort order.' },
    { name: 'document', type: 'boolean', description: 'List Documents (the document host) instead of Flipbooks.', default: 'Flipbooks' },
    { name: 'all', type: 'boolean', description: 'Read every page, not one.' },
    { name: 'page', type: 'string', value: 'n', description: 'The page to show.', default: '1' },
    { name: 'page-size', type: 'string', value: 'n', description: 'Items per page (1 to 1000; the service may cap it).', default: '50, or 100 with --all' }
  ],
  examples: [
    { says: 'The newest 50 flipbooks:', run: 'flipdrop list' },
    { says: 'Everything named "spring", most viewed first, as JSON:', run: 'flipdrop list --all --search spring --sort NoOfViews --desc --json' },
    { says: 'The second page of Documents:', run: 'flipdrop list --document --page 2' }
  ],
  interrupted: READ_ONLY
}

export const GET: CommandSpec = {
  name: 'get',
  group: 'library',
  summary: "Show one item's details (by ID, viewer or custom-domain link, or slug).",
  usage: [ITEM_REF],
  positionals: [1, 1],
  flags: ITEM_REF_FLAGS,
  examples: [
    { says: 'The details of item 1042:', run: 'flipdrop get 1042' },
    { says: 'An item named by its slug (the end of its link), as JSON:', run: 'flipdrop get spring-catalogue --slug --json' }
  ],
  interrupted: READ_ONLY
}

export const PDF: CommandSpec = {
  name: 'pdf',
  group: 'library',
  summary: "Download an item's PDF (to its name + .pdf here, -o FILE, or -o - for stdout).",
  usage: [ITEM_REF],
  positionals: [1, 1],
  flags: [
    ...ITEM_REF_FLAGS,
    {
      name: 'output',
      short: 'o',
      type: 'string',
      value: 'file',
      description: 'Where to save it: a file, a folder, or - for stdout.',
      default: "the item's name + .pdf in this folder",
      complete: 'file'
    },
    { name: 'force', type: 'boolean', description: 'Overwrite a file that exists.' }
  ],
  examples: [
    { says: 'Save the PDF of item 1042 in this folder:', run: 'flipdrop pdf 1042' },
    { says: 'Save it under another name:', run: 'flipdrop pdf 1042 -o catalogue.pdf --force' },
    { says: 'Send it to another program:', run: 'flipdrop pdf 1042 -o - | pdftotext - -' }
  ],
  interrupted: 'A partial file is removed; with -o -, the bytes already sent are an incomplete PDF.'
}

export const DUPLICATE: CommandSpec = {
  name: 'duplicate',
  group: 'library',
  summary: 'Make copies of an item on the service (--count N, 1 to 500); prints each new link.',
  usage: [ITEM_REF],
  positionals: [1, 1],
  flags: [...ITEM_REF_FLAGS, { name: 'count', type: 'string', value: 'n', description: 'How many copies (1 to 500).', default: '1' }],
  examples: [
    { says: 'One copy of item 1042:', run: 'flipdrop duplicate 1042' },
    { says: 'Ten copies, their links as JSON:', run: 'flipdrop duplicate 1042 --count 10 --json' }
  ],
  interrupted: 'Copies made before it stopped stay; flipdrop list shows them.'
}
