import type { ItemRef } from '../../../src-shared/domain/library'
import { workAccountId } from '../accounts/work-account'
import { CliError } from '../cli-error'
import { flag, stringOption, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { unwrap } from '../queue-session'
import { openReadersSession } from '../readers-session'
import { findItemId } from './find-item'
import { intOption } from './int-option'
import { asItemId, itemDocType, itemRefKind } from './item-ref'
import { parseSince } from './stats-since'
import { statsCsv, statsJsonItem, statsText } from './stats-output'

/** --sort: views or leads, in any letter case. */
function sortOf(raw: string | undefined): 'views' | 'leads' | undefined {
  if (raw === undefined) return undefined
  const value = raw.trim().toLowerCase()
  if (value === 'views' || value === 'leads') return value
  throw new CliError(`--sort takes views or leads, not "${raw}".`, EXIT.usage)
}

/**
 * `flipdrop stats [<ref>…]`: each item's totals and their change over the period, from the
 * history FlipDrop keeps (offline too); `--refresh` reads the current counts first and keeps them.
 */
export const stats: Command = {
  async run(values, positionals, ctx) {
    const csv = flag(values, 'csv')
    if (csv && ctx.json) throw new CliError('Say --json or --csv, not both.', EXIT.usage)
    const since = parseSince(stringOption(values, 'since'), Date.now())
    const sort = sortOf(stringOption(values, 'sort'))
    const limit = intOption(values, 'limit', { min: 1, max: 1_000_000 })
    const docType = itemDocType(values)
    // An ID is read from the history, without the service; a link or slug is asked of it.
    const refs: ItemRef[] = []
    for (const reference of positionals) {
      const kind = itemRefKind(values, reference)
      const id = kind === 'slug' ? null : asItemId(reference.trim())
      refs.push({ id: id ?? (await findItemId(reference, kind, ctx, docType)), docType })
    }
    // Whose history: the command's account (its key's), known offline from the keychain, else asked of the service once.
    const account = await ctx.account()
    const accountId = account.userId ?? (await (await ctx.services()).client.whoami()).userId ?? undefined
    const session = await openReadersSession(ctx, await workAccountId(ctx))
    try {
      const status = flag(values, 'refresh') ? ctx.statusLine() : null
      status?.update('Reading the current views and leads…')
      let result
      try {
        result = await unwrap(
          session.readers.stats({
            since: since.toISOString(),
            ...(refs.length > 0 ? { refs } : {}),
            ...(sort ? { sort } : {}),
            ...(limit !== undefined ? { limit } : {}),
            ...(flag(values, 'refresh') ? { refresh: true } : {}),
            ...(accountId !== undefined ? { accountId } : {})
          })
        )
      } finally {
        status?.clear()
      }
      for (const missing of result.unknown) {
        ctx.warn(`FlipDrop has not counted ${missing.docType === 'Document' ? 'document' : 'item'} ${missing.id} yet: run flipdrop stats --refresh to count it now.`)
      }
      if (csv) ctx.stdout.write(statsCsv(result.items))
      else ctx.result({ since: result.since, items: result.items.map(statsJsonItem) }, () => statsText(result.items, result.since, result.countedSince, ctx.tableWidth))
      return refs.length > 0 && result.items.length === 0 ? EXIT.failed : EXIT.ok
    } finally {
      await session.close()
    }
  }
}
