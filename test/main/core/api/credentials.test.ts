import { describe, expect, it } from 'vitest'
import { CREDENTIAL_FIELDS, isCredential } from '../../../../src-shared/domain/service/item-details'
import { useApiFixture } from '../../../support/api-fixture'

const fx = useApiFixture({ seed: 3 })

/** Distinctive values, so any copy of them anywhere is found. */
const SECRETS: Record<(typeof CREDENTIAL_FIELDS)[number], string> = {
  Password: 'pw-7c1e-never-leaves-main',
  SaleGatewayKey: 'gk-7c1e-never-leaves-main',
  SaleGatewaySecret: 'gs-7c1e-never-leaves-main',
  AIKey: 'ai-7c1e-never-leaves-main',
  TwillioAPIKey: 'tw-7c1e-never-leaves-main'
}

describe('credential fields of a record', () => {
  it('reach none of the renderer-bound shapes (list row, summary, details), only whether each is set', async () => {
    const { emulator, client } = fx()
    const row = (await client.listItems({ pageSize: 1 })).items[0]
    if (!row) throw new Error('seeded library is empty')
    const patched = await fetch(`${emulator.baseUrl}/__emulator/items/${row.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ IsPasswordProtected: true, ...SECRETS })
    })
    expect(patched.status).toBe(200)

    const item = await client.getItem(row.id)
    const found = await client.findByUrl(item.summary.customUrl ?? '')
    // The raw record in main does carry them: the check below would see a leak.
    for (const [field, value] of Object.entries(SECRETS)) expect(item.raw[field], field).toBe(value)

    const rendererBound = [await client.listItems({ pageSize: 100 }), item.summary, item.details, found.summary, found.details]
    const serialized = JSON.stringify(rendererBound)
    for (const [field, value] of Object.entries(SECRETS)) expect(serialized, field).not.toContain(value)
    const credentials = item.details.groups.flatMap((group) => group.fields).filter(isCredential)
    expect(Object.fromEntries(credentials.map((field) => [field.key, field.credentialSet]))).toEqual(
      Object.fromEntries(CREDENTIAL_FIELDS.map((key) => [key, true]))
    )
  })
})
