import { z } from 'zod'

/**
 * Field readers for service answers. A value that is missing or cannot be read becomes
 * `null` ("unknown" in the UI), never a plausible default: a missing MaxFileSizeMB read
 * as 0 once switched the size check off and showed "0 MB" (DESIGN §4).
 */

/** An ID: a number in reads, a numeric string in create and duplicate answers (§2.6). Required. */
export const idField = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])

/** A number that tolerates a numeric string; null when missing or not a number. */
export const numberField = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)])
  .nullable()
  .catch(null)

/** Text; a number is taken as its digits. '' stays '' (the service uses it for "none"); missing is null. */
export const textField = z
  .union([z.string(), z.number().transform(String)])
  .nullable()
  .catch(null)

/** A boolean, also from "true"/"false" text; null when missing or anything else. */
export const boolField = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true')])
  .nullable()
  .catch(null)

/** "Yes"/"No" strings of the subscription (§2.4); null for anything else. */
export const yesNoField = z.unknown().optional().transform((value): boolean | null => {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : ''
  return text === 'yes' ? true : text === 'no' ? false : null
})

/**
 * A plan limit: a number, or 'unlimited' for the word the service uses instead of one
 * (§2.4 MaxCNAME: "number or the word for unlimited"); null when missing or empty.
 */
export const limitField = z.unknown().optional().transform((value): number | 'unlimited' | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string' || value.trim() === '') return null
  const number = Number(value.trim())
  return Number.isFinite(number) ? number : 'unlimited'
})

/** Told about each field an answer lacked, as `where` (the operation) and the field name. */
export type GapReporter = (where: string, field: string) => void

/** For callers that do not log gaps (tests, cached data). */
export const ignoreGaps: GapReporter = () => {}

/**
 * Parses `payload` with a loose object schema and reports every field of the schema that
 * came out null (missing or unreadable), so each gap is logged instead of hidden.
 */
export function parseFields<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  payload: unknown,
  where: string,
  gaps: GapReporter
): z.output<z.ZodObject<Shape>> {
  const parsed = schema.parse(payload)
  for (const field of Object.keys(schema.shape)) {
    if ((parsed as Record<string, unknown>)[field] === null) gaps(where, field)
  }
  return parsed
}
