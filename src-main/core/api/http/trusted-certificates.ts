import tls from 'node:tls'

type CertificateStore = 'bundled' | 'system'
type GetCaCertificates = (store: CertificateStore) => string[]

/**
 * The roots to trust: Node's bundled Mozilla roots plus the operating system's store, so
 * a corporate TLS-inspecting proxy whose root the IT department installed works too (the
 * NODE_OPTIONS fuse is off, so NODE_EXTRA_CA_CERTS is no way in). `tls.getCACertificates`
 * exists from Node 22.15 (Electron 45 ships Node 24); on older Node this returns undefined
 * and Node's defaults apply.
 */
export function systemAndBundledCertificates(): string[] | undefined {
  const get = (tls as unknown as { getCACertificates?: GetCaCertificates }).getCACertificates
  if (typeof get !== 'function') return undefined
  let system: string[] = []
  try {
    system = get('system')
  } catch {
    // A store that cannot be read leaves the bundled roots.
  }
  return [...new Set([...get('bundled'), ...system])]
}
