import { z } from 'zod'
import type { Said, SaidValue } from '../../../src-shared/i18n/said'

/*
 * What a sentence said, as a file of the core keeps it beside its English (a job's failure and
 * history, a link's message): the zod schema and a hand-written check that accept the same.
 * A value may be a whole sentence said inside another (said.ts), hence the recursion.
 */

const saidValue: z.ZodType<SaidValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.object({ time: z.string() }), z.object({ text: z.string(), said: saidSchema })])
)

export const saidSchema: z.ZodType<Said> = z.lazy(() =>
  z.object({ key: z.string(), values: z.record(z.string(), saidValue).optional(), count: z.number().optional() })
)

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function isSaidValue(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'number') return true
  if (!isRecord(value)) return false
  return typeof value['time'] === 'string' || (typeof value['text'] === 'string' && isSaid(value['said']))
}

/** Whether `value` is a Said as `saidSchema` accepts it, without zod (fast checks of many records). */
export function isSaid(value: unknown): value is Said {
  if (!isRecord(value) || typeof value['key'] !== 'string') return false
  const values = value['values']
  if (values !== undefined && !(isRecord(values) && Object.values(values).every(isSaidValue))) return false
  return value['count'] === undefined || typeof value['count'] === 'number'
}
