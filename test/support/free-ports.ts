import { createServer } from 'node:net'

/** Free loopback ports, for a server that must start later (or again) on addresses the app already uses. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = []
  for (let index = 0; index < count; index++) {
    ports.push(
      await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number }
          server.close(() => resolve(port))
        })
      })
    )
  }
  return ports
}
