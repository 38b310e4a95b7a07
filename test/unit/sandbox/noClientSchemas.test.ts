import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The sandbox must read requests and write answers in the documented shapes,
// never by borrowing the station's own wire schemas (a mirror that passes every
// test: issue 26). Lint walls shared/api and shared/contract off
// (scripts/lint/layers.mjs, `never`); this reads the import graph itself, so an
// eslint-disable comment cannot hide such an import either.

const root = path.resolve(__dirname, '../../..');
const sandboxDir = path.join(root, 'electron/sandbox');
const walled = ['shared/api', 'shared/contract', 'electron/api'].map((dir) => path.join(root, dir));

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the sandbox reads and answers with schemas of its own', () => {
  it('imports nothing from shared/api, shared/contract or the station client', () => {
    const imports = tsFiles(sandboxDir).flatMap((file) =>
      ts
        .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((i) => i.fileName)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => ({ file: path.relative(root, file), target: path.resolve(path.dirname(file), spec) })),
    );
    expect(imports.length).toBeGreaterThan(100);
    const offences = imports.filter(({ target }) => walled.some((dir) => target === dir || target.startsWith(`${dir}/`))).map(({ file, target }) => `${file} imports ${path.relative(root, target)}`);
    expect(offences).toEqual([]);
  });
});
