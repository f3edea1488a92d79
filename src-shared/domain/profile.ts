import { z } from 'zod'

/*
 * A change to the account profile (service-api.md §4.2 set-profile), checked before it is
 * sent: the service answers OK even for values it then drops (§1 rule 3), so a value it
 * would not keep is better refused here with a sentence a designer understands.
 * Shared by the `flipdrop profile` command and the app's Account form, so no Node imports.
 */

/** Longest display name accepted. */
export const PROFILE_NAME_MAX = 200

/** Digits a phone number has, at least and at most (country code included). */
export const PHONE_DIGITS = { min: 6, max: 20 } as const

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https, or plain http only for this computer (a local emulator or test server). */
function isImageAddress(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
}

const digitCount = (value: string): number => value.replace(/\D/g, '').length

/*
 * Each field is optional, and an empty one (after trimming) means "keep the old value", as on
 * the service (§1 rule 4): so the checks below apply only to what is really given.
 */
const name = z
  .string()
  .trim()
  .max(PROFILE_NAME_MAX, `The name can be at most ${PROFILE_NAME_MAX} characters long.`)

const phone = z
  .string()
  .trim()
  .refine((value) => value === '' || /^[\d\s+()-]+$/.test(value), {
    message: 'That does not look like a phone number. Use digits, spaces and + - ( ) only.'
  })
  .refine((value) => value === '' || !/^[\d\s+()-]+$/.test(value) || (digitCount(value) >= PHONE_DIGITS.min && digitCount(value) <= PHONE_DIGITS.max), {
    message: `That does not look like a phone number: it needs ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits.`
  })

const profileImage = z
  .string()
  .trim()
  .max(2048, 'The profile image address is too long (at most 2,048 characters).')
  .refine((value) => value === '' || isImageAddress(value), { message: 'The profile image must be an https:// web address.' })

/**
 * A profile change: `name` (up to 200 characters), `phone` (digits, spaces, + - ( ), 6 to 20
 * digits) and `profileImage` (an https:// address), each trimmed; at least one must be
 * non-empty. The output drops empty fields, so only real changes are sent.
 */
export const profileChangeSchema = z
  .object({ name: name.optional(), phone: phone.optional(), profileImage: profileImage.optional() })
  .refine((change) => Object.values(change).some((value) => value !== undefined && value !== ''), {
    message: 'Give a new name, phone number or profile image: an empty value keeps the old one.'
  })
  .transform((change) => {
    const given: { name?: string; phone?: string; profileImage?: string } = {}
    if (change.name) given.name = change.name
    if (change.phone) given.phone = change.phone
    if (change.profileImage) given.profileImage = change.profileImage
    return given
  })

/** What a form or the command passes in. */
export type ProfileChangeInput = z.input<typeof profileChangeSchema>

/** A checked change: trimmed, only non-empty fields (assignable to the service's ProfileChange). */
export type CheckedProfileChange = z.output<typeof profileChangeSchema>

/** The first problem with a change, as one sentence, or null when it can be sent. */
export function profileChangeProblem(input: ProfileChangeInput): string | null {
  const result = profileChangeSchema.safeParse(input)
  return result.success ? null : (result.error.issues[0]?.message ?? 'The profile change is not valid.')
}
