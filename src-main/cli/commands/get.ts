import { DETAIL_GROUP_TITLES, isCredential, type DetailGroup, type ItemDetails } from '../../../src-shared/domain/service/item-details'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { facts } from '../output/facts'
import { localDateTime } from '../output/format'
import { findItem } from './find-item'
import { itemDocType, itemRefKind } from './item-ref'


/**
 * One group as "Title" and indented "Field  value" lines. Empty texts are left out (a record
 * has ~190 fields, most of them unset); credentials only say whether they are set.
 */
function renderGroup(group: DetailGroup): string | null {
  const rows = group.fields.flatMap((field): [string, string | number | boolean | null][] => {
    if (isCredential(field)) return [[field.key, field.credentialSet === null ? null : field.credentialSet ? 'set' : 'not set']]
    if (field.value === '') return []
    // The record's date is shown in this computer's time, as the list shows it; JSON keeps the ISO instant.
    if (field.key === 'CreatedOn' && typeof field.value === 'string') return [[field.key, localDateTime(field.value) ?? field.value]]
    return [[field.key, field.value]]
  })
  if (rows.length === 0) return null
  const body = facts(rows)
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n')
  return `${DETAIL_GROUP_TITLES[group.id]}\n${body}`
}

/** The human view of an item's details. */
export function renderDetails(details: ItemDetails): string {
  return details.groups
    .map(renderGroup)
    .filter((block): block is string => block !== null)
    .join('\n\n')
}

/** `flipdrop get <id|url|slug> [--id | --slug]`: one item's settings, grouped, without credential values. */
export const get: Command = {
  async run(values, positionals, ctx) {
    const reference = positionals[0] ?? ''
    const item = await findItem(reference, itemRefKind(values, reference), ctx, itemDocType(values))
    // details only: the raw record beside it holds credential values.
    const details: ItemDetails = item.details
    ctx.result({ item: details }, () => renderDetails(details))
    return EXIT.ok
  }
}
