import { z } from 'zod'
import { isSentence, type Said, type SaidValue, type Sentence } from '../../../src-shared/i18n/said'

/*
 * What a job's failure or history line said, kept on disk beside its English text so the window
 * says it in its own language after a restart too. The field is optional: records written
 * before FlipDrop kept it load as they are (the window shows their English), and an older
 * FlipDrop reading a newer record drops it (zod strips unknown keys).
 */

const saidValue: z.ZodType<SaidValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.object({ time: z.string() }), z.object({ text: z.string(), said })])
)
export const said: z.ZodType<Said> = z.lazy(() =>
  z.object({ key: z.string(), values: z.record(z.string(), saidValue).optional(), count: z.number().optional() })
)

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function isSaidValue(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'number') return true
  if (!isRecord(value)) return false
  return typeof value['time'] === 'string' || (typeof value['text'] === 'string' && isSaid(value['said']))
}

/** Whether `value` is a Said as `said` accepts it (the hand-written check of job-record-guard.ts). */
export function isSaid(value: unknown): value is Said {
  if (!isRecord(value) || typeof value['key'] !== 'string') return false
  const values = value['values']
  if (values !== undefined && !(isRecord(values) && Object.values(values).every(isSaidValue))) return false
  return value['count'] === undefined || typeof value['count'] === 'number'
}

/** A message as a view or record holds it: its English and, when it was a Sentence, what the window says. */
export function told(words: string | Sentence): { message: string; said?: Said } {
  return isSentence(words) ? { message: words.text, said: words.said } : { message: words }
}
