// @ts-check
// The installed command's entry (resources/cli/flipdrop.js, started by resources/bin/flipdrop):
// checks the Node.js it runs on, then runs the build of src-main/cli, which build/after-pack.mjs
// put beside it. Written for any Node.js, so an old one gets this message, not a syntax error.
const MINIMUM = [20, 19] // package.json engines.node
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  process.stderr.write(`flipdrop: needs Node.js ${MINIMUM.join('.')} or newer on the PATH; this is ${process.versions.node} (${process.execPath}).\n`)
  process.exit(1)
}
await import('./out/main/cli.js')
