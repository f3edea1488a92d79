/**
 * The app's identity. Equal to `appId` in electron-builder.yml (a test keeps them equal):
 * Windows groups the taskbar and routes notifications by this AppUserModelId.
 */
export const APP_ID = 'me.fliplink.flipdrop'
