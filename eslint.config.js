// @ts-check
import js from '@eslint/js'
import vueI18n from '@intlify/eslint-plugin-vue-i18n'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const OPEN_LINKS = 'Open links with safeOpenExternal() from src-main/shell/safe-open-external.ts.'

/** Raw IPC is reachable only through the two wrappers built from the contract. */
const rawIpcImport = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Use the contract: handlers go through src-main/ipc/register-ipc.ts, calls through window.flipdrop.'
}

/**
 * Electron's `shell` can open any URL or path, so only the safe opener may import it.
 * Kept apart from the IPC ban so each exemption lifts only its own half.
 */
const shellImport = {
  name: 'electron',
  importNames: ['shell'],
  message: `Electron's shell is for the safe opener only. ${OPEN_LINKS}`
}

/**
 * The syntax that reaches `shell` without naming it in an import: namespace and default
 * imports of 'electron', `require('electron').shell`, destructured `shell`, and
 * `(await import('electron')).shell`. Any `.shell` member or `shell` destructuring is
 * banned, whatever it hangs off, because the object behind it cannot be traced by lint.
 */
const shellAccessBans = [
  {
    selector:
      "ImportDeclaration[source.value='electron'] > ImportNamespaceSpecifier, TSImportEqualsDeclaration > TSExternalModuleReference[expression.value='electron']",
    message: `Import what you need from 'electron' by name; a namespace import reaches shell. ${OPEN_LINKS}`
  },
  {
    selector: "ImportDeclaration[source.value='electron'] > ImportDefaultSpecifier",
    message: `Import what you need from 'electron' by name; a default import reaches shell. ${OPEN_LINKS}`
  },
  {
    selector: "ImportDeclaration[source.value='electron'] > ImportSpecifier[imported.name='default']",
    message: `Import what you need from 'electron' by name; a default import reaches shell. ${OPEN_LINKS}`
  },
  {
    selector: "MemberExpression[computed=false][property.name='shell'], MemberExpression[computed=true][property.value='shell']",
    message: `Do not reach for Electron's shell. ${OPEN_LINKS}`
  },
  {
    selector: "ObjectPattern > Property[key.name='shell'], ObjectPattern > Property[key.value='shell']",
    message: `Do not destructure Electron's shell. ${OPEN_LINKS}`
  }
]

/**
 * `shell.openExternal` itself, on an object named `shell` (`x.shell.openExternal` is already
 * caught by the `.shell` ban above). Only that object: the app has its own `openExternal`
 * methods (core, bridge, store) that are fine.
 */
const openExternalBan = {
  selector: "MemberExpression[object.name='shell'][property.name='openExternal']",
  message: OPEN_LINKS
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
      'no-restricted-imports': ['error', { paths: [rawIpcImport, shellImport] }],
      'no-restricted-syntax': ['error', ...shellAccessBans, openExternalBan],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off'
    }
  },
  {
    // Every word in a template comes from the catalogs (src-shared/i18n/window); words in
    // scripts are checked by test/i18n/no-raw-words.test.ts. Only marks and symbols may be raw.
    files: ['src-renderer/**/*.vue'],
    plugins: { '@intlify/vue-i18n': vueI18n },
    rules: {
      '@intlify/vue-i18n/no-raw-text': [
        'error',
        { attributes: { '/.+/': ['title', 'aria-label', 'aria-description', 'placeholder', 'alt', 'label'] }, ignorePattern: '^(FlipDrop|[-–—·•…×+/:,.()#%@\\s\\d⋯✓✕↑↓←→]*)$' }
      ]
    },
    settings: { 'vue-i18n': { localeDir: 'src-shared/i18n/window/*/en.json', messageSyntaxVersion: '^11.0.0' } }
  },
  {
    files: ['src-renderer/**', 'test/renderer/**', 'test/host/preload-stand-in.ts'],
    languageOptions: { globals: { ...globals.browser } }
  },
  {
    // The two wrappers allowed to touch raw IPC; they still may not import shell.
    files: ['src-main/ipc/register-ipc.ts', 'src-preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [shellImport] }] }
  },
  {
    // The safe opener may import shell by name and call shell.openExternal; the alias
    // bans stay on so it too reaches shell only the one visible way.
    files: ['src-main/shell/safe-open-external.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [rawIpcImport] }],
      'no-restricted-syntax': ['error', ...shellAccessBans]
    }
  },
  {
    // Glue tests stand in for Electron's modules, so they name the banned APIs on purpose.
    files: ['test/main/**'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' }
  }
)
