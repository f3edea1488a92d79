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

export const SHARE: CommandSpec = {
  name: 'share',
  group: 'library',
  summary: "Share items: their links as URL, Markdown, HTML or embed code, and print-ready QR codes (SVG, PDF, PNG).",
  usage: [`${ITEM_REF}…`],
  description:
    'Prints each item\'s link in the format asked, one line per item, in the order given. --qr writes one item\'s QR code (SVG and PDF are vector; PNG has exactly size × DPI pixels), --qr-dir one code per item named after its title. Every code has a four-module quiet zone and encodes exactly the item\'s link. Nothing is sent anywhere but the lookups of the items.',
  positionals: [1, Infinity],
  flags: [
    ...ITEM_REF_FLAGS,
    { name: 'format', type: 'string', value: 'format', description: 'How each link is printed: url, markdown, html or embed.', default: 'url', complete: ['url', 'markdown', 'html', 'embed'] },
    {
      name: 'embed-size',
      type: 'string',
      value: 'size',
      description: 'The embed code\'s size: responsive (16:9), 16:9, 4:3, a4 (all responsive), or a fixed WIDTHxHEIGHT in pixels.',
      default: 'responsive',
      complete: ['responsive', '16:9', '4:3', 'a4']
    },
    { name: 'qr', type: 'string', value: 'file', description: "Write one item's QR code to this .svg, .png or .pdf file.", complete: 'file' },
    { name: 'qr-dir', type: 'string', value: 'dir', description: 'Write one QR code per item into this folder, named after its title.', complete: 'dir' },
    { name: 'qr-type', type: 'string', value: 'type', description: 'The type of the --qr-dir files: svg, png or pdf.', default: 'svg', complete: ['svg', 'png', 'pdf'] },
    { name: 'qr-size', type: 'string', value: 'size', description: 'The printed size of each code with its quiet zone: 30mm, 1.2in, 3cm.', default: '30mm (reads from up to 30 cm)' },
    { name: 'dpi', type: 'string', value: 'n', description: 'A PNG code\'s resolution (150 or more for print).', default: '300' },
    { name: 'ecc', type: 'string', value: 'level', description: 'Error correction: L (7 %), M (15 %), Q (25 %) or H (30 % of the code may be damaged).', default: 'M', complete: ['L', 'M', 'Q', 'H'] },
    { name: 'force', type: 'boolean', description: 'Replace QR files that already exist.', default: 'an existing file is never replaced' }
  ],
  examples: [
    { says: 'A Markdown link for a newsletter:', run: 'flipdrop share spring-catalogue --format markdown' },
    { says: 'The embed code at a fixed 800 × 600:', run: 'flipdrop share 1042 --format embed --embed-size 800x600' },
    { says: 'A 50 mm QR code for the printer, as vector PDF:', run: 'flipdrop share 1042 --qr code.pdf --qr-size 50mm' },
    { says: 'Twenty brochures, twenty codes, as 600 dpi PNGs:', run: 'flipdrop share 1042 1043 1044 --qr-dir codes --qr-type png --dpi 600' }
  ],
  interrupted: 'QR files written so far are complete; nothing on the service was changed.'
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

export const STATS: CommandSpec = {
  name: 'stats',
  group: 'library',
  summary: "What readers did: each item's views and leads, and their change over a period, from what FlipDrop counted.",
  usage: ['[<id|link|slug>…]'],
  description:
    'FlipDrop keeps the counts each library sync and each refresh read (while the app runs, every 6 hours by default). ' +
    'Without items, every item, the largest change first. An item FlipDrop did not count in the period shows "not counted" (null in --json), never 0. ' +
    'Works offline; --refresh reads the current counts first, within the service\'s rate limit.',
  positionals: [0, 10_000],
  flags: [
    { name: 'since', type: 'string', value: 'when', description: 'The start of the period: 7d, 30d, 90d, or an ISO date or moment (2026-11-01, 2026-11-01T09:00:00Z).', default: '7d', complete: ['7d', '30d', '90d'] },
    { name: 'sort', type: 'string', value: 'views|leads', description: 'Largest change of views or of leads first.', default: 'views (the order of the items given, when given)', complete: ['views', 'leads'] },
    { name: 'limit', type: 'string', value: 'n', description: 'Show at most this many items.', default: 'all' },
    { name: 'csv', type: 'boolean', description: 'One CSV row per item with a header (delta_views, delta_leads…; times in ISO 8601).' },
    { name: 'refresh', type: 'boolean', description: 'Ask the service for the current counts first, and keep them.' },
    ...ITEM_REF_FLAGS
  ],
  examples: [
    { says: 'What readers did in the last 7 days, most viewed first:', run: 'flipdrop stats' },
    { says: 'The 10 items with the most new leads this month, counted now:', run: 'flipdrop stats --since 30d --sort leads --limit 10 --refresh' },
    { says: 'One item since 1 November, as JSON:', run: 'flipdrop stats spring-catalogue --since 2026-11-01 --json' },
    { says: 'Everything as a spreadsheet:', run: 'flipdrop stats --since 90d --csv > readers.csv' }
  ],
  interrupted: 'Nothing was changed; counts read before Ctrl+C are kept.'
}
