/*
 * A damaged snapshot cannot be parsed, but a few bad bytes leave most of its text intact.
 * What can still be read there names the jobs that may be missing, so the notice can say
 * which files to add again instead of "jobs may be missing". Only names are taken from it,
 * never a job: a record read around damage cannot be trusted to be whole.
 */

/** A job record's start as JSON.stringify writes it (see newJob): id, kind, then the source. */
const JOB_START = /\{"id":"((?:[^"\\]|\\.){1,80})","kind":"(?:create|replace)","source":\{"type":"(file|url)",/g
const FIELD = (name: string): RegExp => new RegExp(`"${name}":"((?:[^"\\\\]|\\\\.)*)"`)

function unescape(text: string): string | null {
  try {
    return JSON.parse(`"${text}"`) as string
  } catch {
    return null
  }
}

/** A job found in damaged snapshot text: its ID and what it publishes (a file's name, or a link). */
export interface SalvagedJob {
  id: string
  label: string
  unfinished: boolean
}

/** The jobs whose start can still be read in a damaged snapshot's text. */
export function salvageJobs(text: string): SalvagedJob[] {
  const starts = [...text.matchAll(JOB_START)]
  const found: SalvagedJob[] = []
  starts.forEach((start, index) => {
    const from = start.index
    const to = starts[index + 1]?.index ?? text.length
    const body = text.slice(from, to)
    const id = unescape(start[1] ?? '')
    const raw = FIELD(start[2] === 'file' ? 'fileName' : 'url').exec(body)?.[1]
    const label = raw === undefined ? null : unescape(raw)
    if (id === null || label === null) return
    const state = /"state":"(\w+)"/.exec(body)?.[1]
    found.push({ id, label, unfinished: state !== 'done' && state !== 'cancelled' })
  })
  return found
}
