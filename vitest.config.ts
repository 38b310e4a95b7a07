import { defineConfig } from 'vitest/config';

// Four projects: `unit` is the fast loop (pure code: no keyring, no sockets,
// no child processes, no browser), `integration` runs real parts (SQLite files,
// gnome-keyring, PostgreSQL, CUPS, loopback servers) and the contract fuzz
// (100,000 payloads), `e2e` drives Chromium, and `bench` runs every benchmark
// in its quick mode (one file, one benchmark at a time), so a benchmark that
// breaks fails `npm test` instead of rotting.
// `npm test` runs them all and prints one closing line for CI.
// expect.poll returns as soon as what it waits for is there; its 1 s default
// limit only decides when a wait gives up, and on a loaded 2-core CI machine a
// screen or a print job can take longer than that to show a right answer.
const expectOptions = { poll: { timeout: 10_000 } };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          expect: expectOptions,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'bench',
          include: ['test/bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
        },
      },
    ],
  },
});
