import type { CliContext } from '../cli-context'

/**
 * An item named by its ID, its viewer URL, a CNAME URL or its bare slug: a number is the
 * ID; anything else is found with find-by-url (which takes the last path segment).
 */
export async function resolveItemId(reference: string, ctx: CliContext): Promise<number> {
  const trimmed = reference.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const { client } = await ctx.services()
  return (await client.findByUrl(trimmed)).summary.id
}
