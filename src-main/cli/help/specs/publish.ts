import type { CommandSpec } from '../../command'
import { ITEM_REF, ITEM_REF_FLAGS } from './item-ref-flags'

/** The flags of a command that publishes and follows its own jobs (commands/wait-flags.ts). */
const WAIT_FLAGS: CommandSpec['flags'] = [
  { name: 'queue', type: 'boolean', description: 'Only queue the jobs and leave: handed to the FlipDrop app when it runs, else they wait in the queue for it or flipdrop queue --wait.' },
  { name: 'no-wait', type: 'boolean', description: 'The same as --queue.' },
  { name: 'wait', type: 'boolean', description: 'Publish now and follow each job to the end.', default: 'on' },
  {
    name: 'timeout',
    type: 'string',
    value: 'duration',
    description: 'Give up (exit 4) when the service stays unreachable this long: 30s, 2m, 1h.',
    default: 'wait until it answers'
  }
]

const JOBS_LEFT = 'Jobs it queued stay in the queue (flipdrop queue shows them); the FlipDrop app or another flipdrop may still be running them.'

export const UPLOAD: CommandSpec = {
  name: 'upload',
  group: 'publish',
  summary: 'Publish PDFs (files, folders or links) as flipbooks, or documents with --document.',
  usage: ['<file|folder|url>...'],
  positionals: [1, Infinity],
  args: 'file',
  flags: [
    { name: 'document', type: 'boolean', description: 'Publish as Documents, on the document host.', default: 'Flipbooks' },
    { name: 'name', type: 'string', value: 'name', description: 'The item name (one file or link only).', default: 'the file name' },
    { name: 'title', type: 'string', value: 'title', description: 'The title shown in the viewer (one file or link only).', default: 'the name' },
    {
      name: 'on-duplicate',
      type: 'string',
      value: 'choice',
      description: 'When the same content is already published: replace it, publish a new item, or skip the file.',
      default: 'report it and publish nothing',
      complete: ['replace', 'new', 'skip']
    },
    ...WAIT_FLAGS
  ],
  examples: [
    { says: 'Publish one PDF and print its link:', run: 'flipdrop upload catalogue.pdf' },
    { says: 'Publish every PDF in a folder as Documents, giving up if the service stays unreachable for 2 minutes:', run: 'flipdrop upload ~/Exports/brochures --document --timeout 2m' },
    { says: 'Queue a PDF from the web for the FlipDrop app to publish:', run: 'flipdrop upload https://example.com/spring.pdf --name "Spring 2025" --queue' }
  ],
  interrupted: JOBS_LEFT
}

export const REPLACE: CommandSpec = {
  name: 'replace',
  group: 'publish',
  summary: "Replace an item's PDF from a file or a link; the item keeps its ID and link.",
  usage: [`${ITEM_REF} <file|url>`],
  positionals: [2, 2],
  args: 'file',
  flags: [
    ...ITEM_REF_FLAGS,
    ...WAIT_FLAGS
  ],
  examples: [
    { says: 'Replace the PDF of item 1042 and wait until it is live:', run: 'flipdrop replace 1042 catalogue-v2.pdf' },
    { says: 'Replace the PDF of a Document named by its slug:', run: 'flipdrop replace spring-catalogue catalogue.pdf --slug --document' }
  ],
  interrupted: JOBS_LEFT
}

export const QUEUE: CommandSpec = {
  name: 'queue',
  group: 'publish',
  summary: 'Show the upload queue with job IDs; act on jobs by ID; --wait runs the whole queue to the end.',
  usage: [''],
  positionals: [0, 0],
  flags: [
    { name: 'wait', type: 'boolean', description: 'Run every job in the queue to the end (it says how many) and report each.' },
    { name: 'timeout', type: 'string', value: 'duration', description: 'With --wait: give up (exit 4) when the service stays unreachable this long.', default: 'wait until it answers' },
    { name: 'cancel', type: 'string', value: 'ID', multiple: true, description: 'Cancel a job (an upload in flight is stopped). IDs as flipdrop queue shows them; a unique prefix will do.' },
    { name: 'remove', type: 'string', value: 'ID', multiple: true, description: 'Take a job out of the queue.' },
    { name: 'pause', type: 'string', value: 'ID', multiple: true, description: 'Hold a job: the queue passes it over until resumed.' },
    { name: 'resume', type: 'string', value: 'ID', multiple: true, description: 'Let a paused job run again.' },
    { name: 'retry', type: 'string', value: 'ID', multiple: true, description: 'Queue a failed or cancelled job again.' },
    { name: 'keep', type: 'string', value: 'ID', multiple: true, description: 'A job whose found item is not byte-for-byte its file: keep that item as this upload.' },
    { name: 'publish-again', type: 'string', value: 'ID', multiple: true, description: 'A job whose found item is not byte-for-byte its file: publish the file again as a new item.' },
    { name: 'assign', type: 'string', value: 'ID=ACCOUNT', multiple: true, description: 'A job added before FlipDrop kept accounts apart: publish it to this signed-in account (email, name or user ID).' },
    { name: 'retry-failed', type: 'boolean', description: 'Queue every failed job again.' },
    { name: 'clear-finished', type: 'boolean', description: 'Remove finished jobs (done, failed, cancelled) from the queue.' }
  ],
  examples: [
    { says: 'Show what is queued, running and finished, with job IDs:', run: 'flipdrop queue' },
    { says: 'Cancel one job by the start of its ID:', run: 'flipdrop queue --cancel 3f2a9c1e' },
    { says: 'Retry what failed, then run the whole queue:', run: 'flipdrop queue --retry-failed --wait' }
  ],
  interrupted: 'The jobs stay in the queue (flipdrop queue shows them); the FlipDrop app or another flipdrop may still be running them.'
}
