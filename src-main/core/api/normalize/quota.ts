import type { DocType } from '../../../../src-shared/domain/service/item'
import type { Quota } from '../../../../src-shared/domain/service/quota'

const PREFIX: Record<DocType, string> = { Flipbook: 'Flipbooks', Document: 'Documents' }

/** Reads `<Prefix>_Count/_Max/_Left` (§2.4b) for one kind; null when the answer has none. */
export function readQuota(payload: Record<string, unknown>, docType: DocType): Quota | null {
  const prefix = PREFIX[docType]
  const values = ['Count', 'Max', 'Left'].map((name) => {
    const value = payload[`${prefix}_${name}`]
    return typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
  })
  const [count = Number.NaN, max = Number.NaN, left = Number.NaN] = values
  if (![count, max, left].every(Number.isFinite)) return null
  return { docType, count, max, left }
}

/** Every quota the answer carries, by kind. */
export function readQuotas(payload: Record<string, unknown>): Partial<Record<DocType, Quota>> {
  const quotas: Partial<Record<DocType, Quota>> = {}
  for (const docType of ['Flipbook', 'Document'] as const) {
    const quota = readQuota(payload, docType)
    if (quota) quotas[docType] = quota
  }
  return quotas
}
