import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The sandbox must answer in the documented shapes, never by borrowing the
// station's own response schemas (a mirror that passes every test). This reads
// the import graph statically: which names each sandbox file imports from
// shared/api and electron/api, against every name a response schema is built from.

const root = path.resolve(__dirname, '../../..');
const sandboxDir = path.join(root, 'electron/sandbox');
const sharedApi = path.join(root, 'shared/api');
const clientDir = path.join(root, 'electron/api');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** Top-level declarations of shared/api by name, with the identifiers each one refers to. */
function declarations(): Map<string, Set<string>> {
  const byName = new Map<string, Set<string>>();
  for (const file of tsFiles(sharedApi)) {
    const source = parse(file);
    const refs = (node: ts.Node): Set<string> => {
      const out = new Set<string>();
      const visit = (n: ts.Node) => {
        if (ts.isIdentifier(n)) out.add(n.text);
        n.forEachChild(visit);
      };
      visit(node);
      return out;
    };
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) byName.set(d.name.text, d.initializer ? refs(d.initializer) : new Set());
        }
      } else if ((ts.isTypeAliasDeclaration(statement) || ts.isFunctionDeclaration(statement) || ts.isInterfaceDeclaration(statement)) && statement.name) {
        byName.set(statement.name.text, refs(statement));
      }
    }
  }
  return byName;
}

/** Every name a response schema is built from (and the types inferred from them): the response schemas' closure. */
function responseNames(): Set<string> {
  const decls = declarations();
  const found = new Set<string>([...decls.keys()].filter((name) => /ResponseSchema$/.test(name)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const name of [...found]) {
      for (const ref of decls.get(name) ?? []) {
        if (decls.has(ref) && ref !== name && !found.has(ref)) {
          found.add(ref);
          grew = true;
        }
      }
    }
    // A type alias inferred from a response schema is part of it too.
    for (const [name, refs] of decls) {
      if (!found.has(name) && /^[A-Z]/.test(name) && [...refs].some((r) => found.has(r) && /Schema$/.test(r))) {
        found.add(name);
        grew = true;
      }
    }
  }
  return found;
}

interface ImportUse {
  readonly file: string;
  readonly target: string;
  readonly names: readonly string[];
  readonly namespace: boolean;
}

function sandboxImports(): ImportUse[] {
  const uses: ImportUse[] = [];
  for (const file of tsFiles(sandboxDir)) {
    for (const statement of parse(file).statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const spec = statement.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec.text);
      const names: string[] = [];
      let namespace = false;
      if (ts.isImportDeclaration(statement)) {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) namespace = true;
        if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
      } else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const el of statement.exportClause.elements) names.push((el.propertyName ?? el.name).text);
      } else {
        namespace = true;
      }
      uses.push({ file: path.relative(root, file), target, names, namespace });
    }
  }
  return uses;
}

describe('the sandbox builds its answers itself', () => {
  const forbidden = responseNames();
  const uses = sandboxImports();

  it('finds the response schemas it guards against', () => {
    for (const name of ['purchaseResponseSchema', 'shipmentSchema', 'trackingRecordSchema', 'TrackingRecord', 'rateSchema', 'addressValidateResultSchema', 'tokenResponseSchema']) {
      expect(forbidden.has(name), name).toBe(true);
    }
    expect(forbidden.has('createAndPayRequestSchema')).toBe(false);
    expect(uses.some((u) => u.target.startsWith(sharedApi))).toBe(true);
  });

  it('imports no response schema from shared/api and nothing from the station client', () => {
    const offences: string[] = [];
    for (const use of uses) {
      if (use.target.startsWith(clientDir)) offences.push(`${use.file} imports the station's client (${path.relative(root, use.target)})`);
      if (!use.target.startsWith(sharedApi)) continue;
      if (use.namespace) offences.push(`${use.file} imports all of ${path.relative(root, use.target)}`);
      for (const name of use.names) if (forbidden.has(name)) offences.push(`${use.file} imports ${name} (a response schema) from ${path.relative(root, use.target)}`);
    }
    expect(offences).toEqual([]);
  });
});
