/**
 * No import cycles, type-only imports included (docs/architecture.md#layers). A cycle lets the order of module
 * evaluation decide what a file sees, and hides which of two concepts sits below the other. ESLint keeps the layers;
 * this keeps the graph a tree. Run by `npm run lint` (and so by `npm test`).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment: 'Cut the cycle: move the shared shape to a file both import, or hand the callee in as a parameter.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'settlement-without-analysis',
      severity: 'error',
      comment:
        "A round pays what the venue's settings say (docs/rules.md#payouts-and-rounding); the exact analysis only " +
        'describes those payouts for the paytable, and is counted after start-up, so the engine never reads it.',
      from: { path: '^electron/core/engine/' },
      to: { path: '^electron/core/analysis/' },
    },
  ],
  options: {
    // Type-only imports are edges too: `import type` ties the two files' shapes together as firmly.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '(^|/)(node_modules|dist|dist-electron|dist-renderer|dist-renderer-dev|dist-host|test-results|playwright-report)/',
    },
    enhancedResolveOptions: { extensions: ['.ts', '.vue', '.js'] },
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
