import type { Profile } from '../../../../src-shared/domain/service/account'

/** The profile's fields in the order the view shows them, with their names for people. */
export const PROFILE_FIELD_LABELS: Record<keyof Profile, string> = {
  name: 'Name',
  phone: 'Phone',
  profileImage: 'Profile image'
}

/** "Name, Phone and Profile image". */
export function fieldList(fields: (keyof Profile)[]): string {
  const names = fields.map((field) => PROFILE_FIELD_LABELS[field])
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
}
