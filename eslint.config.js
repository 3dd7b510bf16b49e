// Lint rules that guard the architecture as well as the style:
// electron/core stays plain Node, and only the IPC router/preload touch ipcMain/ipcRenderer.
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-electron/',
      'dist-renderer/',
      'release/',
      'test-results/',
      'playwright-report/',
      'e2e/artifacts/',
    ],
  },
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'vue', 'pinia'],
          patterns: [
            { group: ['**/renderer/**', '../../renderer/*'], message: 'electron/core must not import the renderer' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.vue'],
    ignores: ['electron/ipc/electron-router.ts', 'electron/preload.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Identifier[name='ipcMain']", message: 'Only electron/ipc/electron-router.ts may touch ipcMain.' },
        { selector: "Identifier[name='ipcRenderer']", message: 'Only electron/preload.ts may touch ipcRenderer.' },
      ],
    },
  },
  prettier,
);
