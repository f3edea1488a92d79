import {
  CREDENTIAL_FIELDS,
  DETAIL_GROUP_FIELDS,
  DETAIL_GROUP_IDS,
  type CredentialField,
  type DetailField,
  type DetailGroup
} from '../../../../src-shared/domain/service/item-details'
import type { RawRecord } from './item'
import { normalizeServiceDate } from './dates'

const CREDENTIALS = new Set<string>(CREDENTIAL_FIELDS)

function isCredentialKey(key: string): key is CredentialField {
  return CREDENTIALS.has(key)
}

/** A shown value: scalars as they are, dates normalized, anything else (objects, arrays) unknown. */
function shownValue(key: string, value: unknown): string | number | boolean | null {
  if (key === 'CreatedOn') return normalizeServiceDate(value) ?? (typeof value === 'string' ? value : null)
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  return null
}

/**
 * The record's allow-listed fields in their groups (§2.6). Credentials (Password, sale
 * gateway key and secret, AI key, SMS provider key) are read only to say whether they are
 * set; their values are never copied.
 */
export function toDetailGroups(record: RawRecord): DetailGroup[] {
  return DETAIL_GROUP_IDS.map((id) => ({
    id,
    fields: DETAIL_GROUP_FIELDS[id].map((key): DetailField => {
      const value = record[key]
      if (isCredentialKey(key)) {
        return { key, credentialSet: value === undefined || value === null ? null : value !== '' }
      }
      return { key, value: shownValue(key, value) }
    })
  }))
}
