import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// eslint-disable-next-line no-restricted-imports -- the build config runs in Node, never in the renderer
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig(({ command }) => {
  // A build is always production React (runtime and JSX transform), even when a test run
  // (vitest sets NODE_ENV=test) starts it: Vite keeps a NODE_ENV it finds already set.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: here,
    // './' so the same build loads from file:// in Electron and from the browser-mode host.
    base: './',
    plugins: [react()],
    build: {
      outDir: path.resolve(here, '../dist/renderer'),
      emptyOutDir: true,
      target: 'chrome130',
      sourcemap: true,
      // Small assets stay files: the CSP allows data: only for images and sounds.
      assetsInlineLimit: 0,
    },
  };
});
