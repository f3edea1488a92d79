import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** PEM texts of a throwaway CA and of a server certificate it signed. */
export interface TestCa {
  /** The CA certificate: put it in a client's trusted list (`ca`) to trust the server. */
  caCert: string
  /** The server's private key (unencrypted PKCS#8). */
  serverKey: string
  /** The server certificate, with the hosts as subjectAltName entries. */
  serverCert: string
}

// Only host names and IP literals: the hosts are written into an OpenSSL config file.
const HOST_RE = /^[A-Za-z0-9.*:-]+$/

// OpenSSL's own config is never read (-config / -extfile with these), so the result does not
// depend on the distribution's openssl.cnf defaults.
const CA_CONFIG = `[req]
distinguished_name = dn
prompt = no
x509_extensions = v3_ca
[dn]
CN = FlipDrop throwaway test CA
[v3_ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
`

function serverConfig(hosts: readonly string[]): string {
  // Clients match the name they dialled against subjectAltName only (the CN is ignored), so
  // 127.0.0.1 must be an IP entry and localhost a DNS entry.
  const san = hosts.map((h) => (isIP(h) !== 0 ? `IP:${h}` : `DNS:${h}`)).join(', ')
  return `[req]
distinguished_name = dn
prompt = no
[dn]
CN = ${hosts[0] ?? 'localhost'}
[v3_server]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = ${san}
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`
}

async function openssl(dir: string, args: string[]): Promise<void> {
  try {
    await run('openssl', args, { cwd: dir })
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string }
    if (e.code === 'ENOENT') throw new Error('makeTestCa needs the openssl command line tool (Debian package "openssl")', { cause: err })
    throw new Error(`openssl ${args[0] ?? ''} failed: ${e.stderr ?? e.message}`, { cause: err })
  }
}

/**
 * Creates a throwaway CA and a server certificate signed by it for `hosts` (default
 * `127.0.0.1` and `localhost`), valid for 7 days, with the `openssl` command line in a temp dir
 * that is removed afterwards. EC P-256 keys: made in milliseconds, unlike RSA.
 */
export async function makeTestCa(hosts: string[] = ['127.0.0.1', 'localhost']): Promise<TestCa> {
  if (hosts.length === 0) throw new Error('makeTestCa needs at least one host')
  const bad = hosts.find((h) => !HOST_RE.test(h))
  if (bad !== undefined) throw new Error(`makeTestCa: not a host name or IP address: ${JSON.stringify(bad)}`)
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-test-ca-'))
  try {
    await writeFile(join(dir, 'ca.cnf'), CA_CONFIG)
    await writeFile(join(dir, 'server.cnf'), serverConfig(hosts))
    const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
    await openssl(dir, ['req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '7', '-config', 'ca.cnf'])
    await openssl(dir, ['req', '-new', ...ecKey, '-keyout', 'server.key', '-out', 'server.csr', '-config', 'server.cnf'])
    await openssl(dir, [
      'x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key',
      // A random serial: two CAs made in one test run must never issue look-alike certificates.
      '-set_serial', `0x${randomBytes(16).toString('hex')}`,
      '-days', '7', '-extfile', 'server.cnf', '-extensions', 'v3_server', '-out', 'server.crt'
    ])
    const [caCert, serverKey, serverCert] = await Promise.all(['ca.crt', 'server.key', 'server.crt'].map((f) => readFile(join(dir, f), 'utf8')))
    return { caCert: caCert ?? '', serverKey: serverKey ?? '', serverCert: serverCert ?? '' }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
