import { z } from 'zod'

/** An ID: a number in reads, a numeric string in create and duplicate answers (§2.6). */
export const idField = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])

/** A count or size that should be a number but tolerates a numeric string. */
export const numberField = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)])
  .catch(0)

export const textField = z
  .union([z.string(), z.number().transform(String), z.null().transform(() => '')])
  .catch('')

export const boolField = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true')])
  .catch(false)

/** "Yes"/"No" strings of the subscription (§2.4). */
export const yesNoField = z.unknown().transform((value) => typeof value === 'string' && value.trim().toLowerCase() === 'yes')

/** A number, or null for "unlimited" or anything that is not a number. */
export const limitField = z.unknown().transform((value) => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN
  return Number.isFinite(number) && String(value).trim() !== '' ? number : null
})
