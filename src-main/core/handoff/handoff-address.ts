import { createHash, randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { posix } from 'node:path'

/** The socket's name inside the data folder. */
export const SOCKET_FILE_NAME = 'flipdrop.sock'

/**
 * Longest socket path we put in the data folder, in bytes. The OS limit (sun_path) is 104
 * bytes on macOS and 108 on Linux, including the terminating zero; 100 leaves room.
 */
export const MAX_SOCKET_PATH_BYTES = 100

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

/**
 * Where a new holder of `dataDir`'s lock listens for hand-offs; published in its lock file,
 * which is where clients read it (they never work it out themselves). POSIX: a unix socket
 * in the data folder (private to the user like the folder), or, when that path is too long
 * for a socket, one in the temp folder named after the folder's hash (the server and client
 * check who owns it there). Windows: a named pipe, which anyone on the machine could create
 * first under a name they can guess, so its name is random (`random`, for tests), never
 * derived from the folder. `platform` and `tempDir` are for tests.
 */
export function handoffAddress(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
  tempDir: string = tmpdir(),
  random: string = randomBytes(16).toString('hex')
): string {
  if (platform === 'win32') return `\\\\.\\pipe\\flipdrop-${random}`
  const inFolder = posix.join(dataDir, SOCKET_FILE_NAME)
  if (Buffer.byteLength(inFolder, 'utf8') <= MAX_SOCKET_PATH_BYTES) return inFolder
  return posix.join(tempDir, `flipdrop-${shortHash(dataDir)}.sock`)
}
