// Lint rules that guard the architecture as well as the style: the layers of
// docs/architecture.md#layers (model under the core, the core under storage and devices,
// those under the shell), node:sqlite only in storage, electron only in *.electron.ts,
// and only the IPC router/preload touch ipcMain/ipcRenderer.
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';

const FOLDERS = {
  model: 'electron/core/model',
  cabinet: 'electron/core/cabinet',
  config: 'electron/core/config',
  analysis: 'electron/core/analysis',
  random: 'electron/core/random',
  integrity: 'electron/core/integrity',
  wording: 'electron/core/wording',
  storage: 'electron/storage',
  devices: 'electron/devices',
  emulators: 'electron/emulators',
  certification: 'electron/certification',
  testing: 'electron/testing',
  ipc: 'electron/ipc',
  app: 'electron/app',
  host: 'electron/host',
  cli: 'electron/cli',
  stadium: 'electron/stadium',
  renderer: 'renderer',
};

/**
 * One block per layer: which folders its files may not import, and which packages.
 * Import specifiers are relative, so a folder is matched by its last path segments.
 */
function layer(name, files, forbidden, { sqlite = false, ignores = [], packages: more = [], allow = [] } = {}) {
  const packages = [
    { name: 'electron', message: 'electron is imported only in *.electron.ts files (docs/architecture.md#layers).' },
  ];
  if (!sqlite) packages.push({ name: 'node:sqlite', message: 'node:sqlite is used only in electron/storage/.' });
  packages.push(...more);
  return {
    name: `layering/${name}`,
    files,
    ignores: ['**/*.electron.ts', ...ignores],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: packages,
          patterns: forbidden.map((folder) => {
            const path = FOLDERS[folder];
            const last = path.split('/').at(-1);
            // electron/<layer>/ is unique by its own name; a core folder is matched as core/<name>/ or as a sibling.
            const group = path.startsWith('electron/core/')
              ? [`**/core/${last}/**`, `../${last}/**`, `./${last}/**`]
              : [`**/${last}/**`];
            return {
              group: [...group, ...allow.map((a) => `!${a}`)],
              message: `${name} must not import ${FOLDERS[folder]}/ (docs/architecture.md#layers).`,
            };
          }),
        },
      ],
    },
  };
}

const ABOVE_CORE = [
  'storage',
  'devices',
  'emulators',
  'certification',
  'testing',
  'ipc',
  'app',
  'host',
  'cli',
  'stadium',
  'renderer',
];
const TESTS = ['**/*.test.ts'];

const layering = [
  layer(
    'the model',
    ['electron/core/model/**/*.ts'],
    ['cabinet', 'config', 'analysis', 'random', 'wording', ...ABOVE_CORE],
  ),
  // Codes into words, shared by the renderer and the exports (docs/architecture.md#layers): pure, above the model only.
  layer(
    'the wording',
    ['electron/core/wording/**/*.ts'],
    ['cabinet', 'config', 'analysis', 'random', 'integrity', ...ABOVE_CORE],
  ),
  layer('the core', ['electron/core/**/*.ts'], ABOVE_CORE, { ignores: ['electron/core/model/**', ...TESTS] }),
  layer(
    'a core test',
    TESTS.map((t) => `electron/core/${t}`),
    ['devices', 'emulators', 'ipc', 'app', 'host', 'cli', 'renderer'],
  ),
  layer(
    'storage',
    ['electron/storage/**/*.ts'],
    ['devices', 'emulators', 'certification', 'testing', 'ipc', 'app', 'host', 'cli', 'stadium', 'renderer'],
    {
      sqlite: true,
      ignores: TESTS,
    },
  ),
  layer(
    'a device driver',
    ['electron/devices/**/*.ts'],
    ['storage', 'emulators', 'certification', 'testing', 'ipc', 'app', 'host', 'cli', 'stadium', 'renderer'],
    {
      ignores: TESTS,
    },
  ),
  layer(
    'an emulator',
    ['electron/emulators/**/*.ts'],
    ['storage', 'certification', 'testing', 'ipc', 'app', 'host', 'cli', 'stadium', 'renderer'],
    {
      ignores: TESTS,
    },
  ),
  layer(
    'certification',
    ['electron/certification/**/*.ts'],
    ['devices', 'emulators', 'testing', 'ipc', 'app', 'host', 'cli', 'stadium', 'renderer'],
    {
      ignores: TESTS,
    },
  ),
  // Test tooling may compose the shell (the in-process bridge runs the real router), never the reverse.
  layer('test tooling', ['electron/testing/**/*.ts'], ['host', 'cli', 'renderer'], { sqlite: true }),
  // The stadium's table server is a process of its own, composed like a shell (docs/stadium.md).
  layer(
    'the shell',
    ['electron/ipc/**/*.ts', 'electron/app/**/*.ts', 'electron/stadium/**/*.ts', 'electron/*.ts'],
    ['testing', 'renderer'],
    {
      ignores: TESTS,
    },
  ),
  layer('a tool', ['electron/host/**/*.ts', 'electron/cli/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'], ['renderer']),
  layer(
    'a test',
    [
      'electron/devices/**/*.test.ts',
      'electron/emulators/**/*.test.ts',
      'electron/storage/**/*.test.ts',
      'electron/certification/**/*.test.ts',
      'electron/ipc/**/*.test.ts',
      'electron/app/**/*.test.ts',
      'electron/stadium/**/*.test.ts',
      'electron/*.test.ts',
    ],
    ['renderer'],
    { sqlite: true },
  ),
  // The touchscreen reads the cabinet's API types; never the cabinet itself, storage or devices.
  layer(
    'the renderer',
    ['renderer/**/*.ts', 'renderer/**/*.vue'],
    ['cabinet', 'storage', 'devices', 'emulators', 'certification', 'testing', 'app', 'host', 'cli'],
    {
      ignores: TESTS.map((t) => `renderer/${t}`),
      packages: ['serialport'],
      allow: ['**/core/cabinet/cabinet-api.ts', '**/core/cabinet/cabinet-error.ts'],
    },
  ),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-electron/',
      'dist-renderer/',
      'dist-renderer-dev/',
      'dist-host/',
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
  ...layering,
  {
    files: ['**/*.ts', '**/*.vue'],
    ignores: ['electron/ipc/electron-router.electron.ts', 'electron/preload.electron.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Identifier[name='ipcMain']",
          message: 'Only electron/ipc/electron-router.electron.ts may touch ipcMain.',
        },
        {
          selector: "Identifier[name='ipcRenderer']",
          message: 'Only electron/preload.electron.ts may touch ipcRenderer.',
        },
      ],
    },
  },
  prettier,
);
