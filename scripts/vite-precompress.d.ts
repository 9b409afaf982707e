import type { Plugin } from 'vite';

/** Writes `.br` and `.gz` beside each text file of `dir` worth compressing. */
export function precompressDir(dir: string): { files: number; bytes: number; brotli: number };

/** The Vite plugin: compresses the written build once every other plugin is done. */
export function precompressPlugin(): Plugin;
