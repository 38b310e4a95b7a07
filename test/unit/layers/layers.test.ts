import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { layerOf, layers, reachOf } from '../../../scripts/lint/layers.mjs';

const root = path.resolve(__dirname, '../../..');
const layered = ['electron', 'shared', 'renderer'];

function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) found.push(full);
    }
  };
  for (const top of layered) walk(path.join(root, top));
  return found;
}

/** Each source file's relative imports, resolved to files, as TypeScript itself reads them. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => {
        const base = path.resolve(path.dirname(file), spec);
        return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
      })
      .filter((target): target is string => target !== undefined);
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with more than one file: the import circles. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

describe('the house plan', () => {
  it('is a plan without circles, and every source file stands in one of its layers', () => {
    expect(() => reachOf(layers)).not.toThrow();
    const unplaced = sourceFiles()
      .map((file) => path.relative(root, file))
      .filter((file) => layerOf(file) === undefined);
    expect(unplaced).toEqual([]);
  });

  it('refuses a plan with a circle in words', () => {
    const plan = [
      { name: 'a', holds: ['a'], on: ['b'] },
      { name: 'b', holds: ['b'], on: ['a'] },
    ];
    expect(() => reachOf(plan)).toThrow(/circle: a -> b -> a/);
  });

  it('has no import circle between files but the migration registry', () => {
    const found = circles(importGraph(sourceFiles())).map((component) => component.map((file) => path.relative(root, file)).sort());
    const migrations = (component: string[]) => component.every((file) => file.startsWith('electron/store/migrations/'));
    expect(found.filter((component) => !migrations(component))).toEqual([]);
  });

  it('fails lint on an import that runs back up, and passes one that runs down', async () => {
    const eslint = new ESLint({ cwd: root });
    const up = await eslint.lintText("import { createStation } from '../station/createStation';\nexport const planted = createStation;\n", {
      filePath: path.join(root, 'electron/printing/planted.ts'),
    });
    const upMessages = up.flatMap((result) => result.messages).filter((m) => m.ruleId === 'layers/imports-run-down');
    expect(upMessages).toHaveLength(1);
    expect(upMessages[0]?.message).toContain('printing may not import station');

    const across = await eslint.lintText("import type { BenchCommandName } from '../bench/module';\nexport type Planted = BenchCommandName;\n", {
      filePath: path.join(root, 'electron/shipping/planted.ts'),
    });
    expect(across.flatMap((result) => result.messages).filter((m) => m.ruleId === 'layers/imports-run-down')).toHaveLength(1);

    const down = await eslint.lintText("import type { Db } from '../store/database';\nexport type Planted = Db;\n", {
      filePath: path.join(root, 'electron/printing/planted.ts'),
    });
    expect(down.flatMap((result) => result.messages).filter((m) => m.ruleId === 'layers/imports-run-down')).toEqual([]);
  }, 60_000);

  it('fails lint when the sandbox imports the station\'s wire schemas, and passes its own or shared/domain', async () => {
    const eslint = new ESLint({ cwd: root });
    const planted = path.join(root, 'electron/sandbox/v2/planted.ts');
    const ruleMessages = async (text: string) =>
      (await eslint.lintText(text, { filePath: planted })).flatMap((result) => result.messages).filter((m) => m.ruleId === 'layers/imports-run-down');
    const api = await ruleMessages("import { getRatesRequestSchema } from '../../../shared/api/v2/rates';\nexport const planted = getRatesRequestSchema;\n");
    expect(api).toHaveLength(1);
    expect(api[0]?.message).toContain('sandbox may not import shared/api');
    expect(await ruleMessages("import type { Commands } from '../../../shared/contract';\nexport type Planted = Commands;\n")).toHaveLength(1);
    expect(await ruleMessages("import { getRatesSchema } from '../schemas/v2/shipment';\nexport const planted = getRatesSchema;\n")).toEqual([]);
    expect(await ruleMessages("import { addDays } from '../../../shared/domain/pickupDate';\nexport const planted = addDays;\n")).toEqual([]);
  }, 60_000);

  it('places a new folder nowhere until the plan names it', async () => {
    const eslint = new ESLint({ cwd: root });
    const results = await eslint.lintText('export const planted = 1;\n', { filePath: path.join(root, 'electron/newfolder/planted.ts') });
    expect(results.flatMap((result) => result.messages).map((m) => m.ruleId)).toContain('layers/imports-run-down');
  }, 60_000);
});

describe('small files', () => {
  it('keeps every source file at 400 lines or fewer (a longer one usually holds two jobs)', () => {
    const long = sourceFiles()
      .map((file) => ({ file: path.relative(root, file), lines: (fs.readFileSync(file, 'utf8').match(/\n/g) ?? []).length }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});
