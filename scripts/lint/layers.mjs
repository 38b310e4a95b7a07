// The house plan: which folder stands on which. README's Layout says the same in
// words; `npm run lint` enforces it, and test/unit/layers checks the plan itself
// (no circle, every source file placed).
import fs from 'node:fs';
import path from 'node:path';

const shared = ['shared/domain', 'shared/api', 'shared/contract'];
const screens = fs.readdirSync(new URL('../../renderer/src/screens/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * Bottom to top. A layer may import what it names under `on` and, through them,
 * everything those stand on; a sibling it does not name is out of reach.
 * `holds` are folders, or files without their extension. `never` names layers
 * a layer may not import even where its `on` would reach them.
 */
export const layers = [
  { name: 'shared/domain', holds: ['shared/domain'], on: [] },
  { name: 'shared/api', holds: ['shared/api'], on: ['shared/domain'] },
  { name: 'shared/contract', holds: ['shared/contract'], on: ['shared/api'] },
  // The renderer: the station's client, view stores, widgets, then one folder per screen
  // (a screen never reaches into another), and the app shell that lays them out.
  { name: 'renderer/station', holds: ['renderer/src/station'], on: ['shared/contract'] },
  { name: 'renderer/stores', holds: ['renderer/src/stores'], on: ['renderer/station'] },
  { name: 'renderer/ui', holds: ['renderer/src/ui'], on: ['renderer/stores'] },
  { name: 'renderer/input', holds: ['renderer/src/input'], on: ['renderer/stores'] },
  ...screens.map((screen) => ({ name: `renderer/screens/${screen}`, holds: [`renderer/src/screens/${screen}`], on: ['renderer/ui', 'renderer/input'] })),
  { name: 'renderer/app', holds: ['renderer'], on: screens.map((screen) => `renderer/screens/${screen}`) },
  // Node-side leaves every module may use: logging, the native USB loader, the Node version check.
  { name: 'base', holds: ['electron/log', 'electron/usb', 'electron/runtime'], on: shared },
  // The kernel: module interface, context, events, dispatch and the bridge.
  { name: 'core', holds: ['electron/core'], on: ['base'] },
  { name: 'store', holds: ['electron/store'], on: ['core'] },
  { name: 'vault', holds: ['electron/vault'], on: ['core'] },
  { name: 'api', holds: ['electron/api'], on: ['store'] },
  { name: 'printing', holds: ['electron/printing'], on: ['store'] },
  { name: 'devices', holds: ['electron/devices'], on: ['store'] },
  // The sandbox stands in for the real service: it reads requests with schemas of its own, written from the
  // service's docs, so a wrong key in the station's client schemas cannot pass it too (issue 26).
  { name: 'sandbox', holds: ['electron/sandbox'], on: ['printing'], never: ['shared/api', 'shared/contract'] },
  { name: 'backend', holds: ['electron/backend'], on: ['sandbox', 'api', 'vault'] },
  { name: 'purchases', holds: ['electron/purchases'], on: ['backend', 'printing'] },
  { name: 'shipping', holds: ['electron/shipping'], on: ['purchases'] },
  { name: 'account', holds: ['electron/account'], on: ['shipping'] },
  { name: 'warehouse', holds: ['electron/warehouse'], on: ['shipping'] },
  { name: 'bench', holds: ['electron/bench'], on: ['account', 'devices'] },
  // Reports read the store only: totals and label lists, never the network.
  { name: 'reports', holds: ['electron/reports'], on: ['store'] },
  // Composition: builds the station from every module; only entry points import it.
  { name: 'station', holds: ['electron/station'], on: ['bench', 'warehouse', 'reports'] },
  {
    name: 'entry',
    holds: ['electron/main', 'electron/preload', 'electron/cli', 'electron/stationProcess', 'electron/shell', 'electron/browser'],
    on: ['station'],
  },
];

/** Every layer a layer may reach: its own `on` and, transitively, theirs. */
export function reachOf(plan = layers) {
  const byName = new Map(plan.map((layer) => [layer.name, layer]));
  const reach = new Map();
  const visit = (name, trail) => {
    if (reach.has(name)) return reach.get(name);
    if (trail.includes(name)) throw new Error(`The layer plan has a circle: ${[...trail, name].join(' -> ')}`);
    const layer = byName.get(name);
    if (!layer) throw new Error(`The layer plan names an unknown layer: ${name}`);
    const all = new Set();
    for (const below of layer.on) {
      all.add(below);
      for (const deeper of visit(below, [...trail, name])) all.add(deeper);
    }
    reach.set(name, all);
    return all;
  };
  for (const layer of plan) visit(layer.name, []);
  return reach;
}

const placed = ['electron', 'shared', 'renderer'];
const withoutExtension = (file) => file.replace(/\.(d\.ts|tsx?|mjs|cjs|js)$/, '');

/** The layer a repo-relative path (with or without extension) belongs to, or undefined outside the plan. */
export function layerOf(relative, plan = layers) {
  const bare = withoutExtension(relative.split(path.sep).join('/'));
  let best;
  for (const layer of plan) {
    for (const hold of layer.holds) {
      if ((bare === hold || bare.startsWith(`${hold}/`)) && (!best || hold.length > best.hold.length)) best = { name: layer.name, hold };
    }
  }
  return best?.name;
}

/** The ESLint plugin: `layers/imports-run-down` fails an import that runs up or across the plan. */
export function layersPlugin(root, plan = layers) {
  const reach = reachOf(plan);
  const byName = new Map(plan.map((layer) => [layer.name, layer]));
  const relativeTo = (file) => path.relative(root, file);
  const inPlan = (relative) => placed.some((top) => relative.split(path.sep)[0] === top);
  return {
    rules: {
      'imports-run-down': {
        meta: {
          type: 'problem',
          docs: { description: 'Imports run down the layers of the house plan (scripts/lint/layers.mjs).' },
          schema: [],
          messages: {
            up: '{{from}} may not import {{to}}: imports run down the layers (README, Layout; scripts/lint/layers.mjs).',
            unplaced: 'This file is in no layer of the house plan: add its folder to scripts/lint/layers.mjs and README\'s Layout.',
            never: '{{from}} may not import {{to}}: the plan walls it off (`never` in scripts/lint/layers.mjs).',
          },
        },
        create(context) {
          const file = context.filename;
          const from = layerOf(relativeTo(file), plan);
          const check = (node, source) => {
            if (!from || typeof source !== 'string' || !source.startsWith('.')) return;
            const target = relativeTo(path.resolve(path.dirname(file), source));
            const to = layerOf(target, plan);
            if (!to || to === from) return;
            if (byName.get(from)?.never?.includes(to)) {
              context.report({ node, messageId: 'never', data: { from, to } });
              return;
            }
            if (reach.get(from).has(to)) return;
            context.report({ node, messageId: 'up', data: { from, to } });
          };
          return {
            Program(node) {
              if (!from && inPlan(relativeTo(file))) context.report({ node, messageId: 'unplaced' });
            },
            ImportDeclaration: (node) => check(node, node.source.value),
            ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
            ExportAllDeclaration: (node) => check(node, node.source.value),
            ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
          };
        },
      },
    },
  };
}
