import { startPrivateBus } from '../support/private-bus'

/**
 * Gives the e2e run a real, unlocked Secret Service (gnome-keyring on a private D-Bus), so
 * sign-in stores keys in a real keychain through keytar, as the app does. Workers inherit
 * the bus address set here. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const bus = await startPrivateBus()
  await bus.startKeyring({ unlock: true })
  for (const name of ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'XDG_DATA_HOME']) {
    const value = bus.env[name]
    if (value !== undefined) process.env[name] = value
  }
  return () => bus.close()
}
