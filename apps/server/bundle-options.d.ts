import type { BuildOptions } from 'esbuild';

export const serverBundleBase: BuildOptions;
