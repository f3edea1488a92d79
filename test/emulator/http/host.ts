import type { DocType } from '../options'

/** Host names that identify the two hosts. */
export interface HostNames {
  /** `host:port` of the default host (Flipbooks). */
  base: string
  /** `host:port` of the document host (Documents). */
  document: string
  /** Extra names (without port) that mean the document host. */
  documentNames: readonly string[]
}

/**
 * Flipbook or Document by the Host header (§1): the document host yields Documents, the
 * default host Flipbooks; an unknown Host gets the kind of the listener it arrived on.
 */
export function docTypeForHost(hostHeader: string | undefined, listener: DocType, names: HostNames): DocType {
  if (hostHeader === undefined || hostHeader === '') return listener
  const host = hostHeader.trim().toLowerCase()
  if (host === names.document.toLowerCase()) return 'Document'
  if (host === names.base.toLowerCase()) return 'Flipbook'
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '')
  if (names.documentNames.some((n) => n.toLowerCase() === bare)) return 'Document'
  return listener
}
