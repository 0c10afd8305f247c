import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript source under the `@pidgate/source` condition,
// so tests run on the source with no build step. Only that condition is added: forwarding
// `import` or `module` to Node would make `require` inside CommonJS packages (node-postgres)
// load their ESM builds.
const conditions = ['@pidgate/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@pidgate/source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.tsx',
      'scripts/**/*.test.ts',
    ],
    // Timeouts far above what any test takes on an idle machine (the slowest take about 15 s): a timeout
    // near a test's run time is a wall-clock budget, and fails when two other suites share the CPU.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Both cores of a 2-core machine (vitest's default is one fewer than the cores: one file at a time here).
    // Many files wait on sockets, child processes and SQLite, so two at once shortens the run.
    maxWorkers: 2,
  },
});
