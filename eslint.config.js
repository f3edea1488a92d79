// @ts-check
import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Raw IPC is reachable only through the two wrappers built from the contract. */
const rawIpcBan = {
  paths: [
    {
      name: 'electron',
      importNames: ['ipcMain', 'ipcRenderer'],
      message: 'Use the contract: handlers go through src-main/ipc/register-ipc.ts, calls through window.flipdrop.'
    }
  ]
}

/** `shell.openExternal` may only be called by the one safe opener. */
const openExternalBan = {
  selector: "MemberExpression[object.name='shell'][property.name='openExternal']",
  message: 'Open links with safeOpenExternal() from src-main/shell/safe-open-external.ts.'
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } }
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node }
    },
    rules: {
      'no-restricted-imports': ['error', rawIpcBan],
      'no-restricted-syntax': ['error', openExternalBan],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off'
    }
  },
  {
    files: ['src-renderer/**', 'test/renderer/**', 'test/host/preload-stand-in.ts'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    // The two wrappers allowed to touch raw IPC.
    files: ['src-main/ipc/register-ipc.ts', 'src-preload/index.ts'],
    rules: { 'no-restricted-imports': 'off' }
  },
  {
    files: ['src-main/shell/safe-open-external.ts'],
    rules: { 'no-restricted-syntax': 'off' }
  },
  {
    // Glue tests stand in for Electron's modules, so they name the banned APIs on purpose.
    files: ['test/main/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' }
  }
)
