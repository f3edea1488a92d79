#!/usr/bin/env node
// The installed `flipdrop` command: runs the build of src-main/cli/index.ts (npm run build).
import('../out/main/cli.js').catch((error) => {
  process.stderr.write(`flipdrop: could not start (${error instanceof Error ? error.message : String(error)}). Run "npm run build" first.\n`)
  process.exit(1)
})
