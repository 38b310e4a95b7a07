import type { ESLint } from 'eslint';

export interface Layer {
  readonly name: string;
  readonly holds: readonly string[];
  readonly on: readonly string[];
  readonly never?: readonly string[];
}

export declare const layers: readonly Layer[];
export declare function reachOf(plan?: readonly Layer[]): Map<string, Set<string>>;
export declare function layerOf(relative: string, plan?: readonly Layer[]): string | undefined;
export declare function layersPlugin(root: string, plan?: readonly Layer[]): ESLint.Plugin;
