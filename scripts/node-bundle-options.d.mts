import type { BuildOptions } from 'esbuild';

/** esbuild options for `root`'s package, without entry points and output folder (see node-bundle-options.mjs). */
export function nodeBundleOptions(root: string): BuildOptions;
