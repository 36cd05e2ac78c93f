/** Builds `entry` (a path relative to `root`) with esbuild and returns the bundle's path. */
export function compileEntry(root: string, entry: string): Promise<string>;
