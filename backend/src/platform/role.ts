/** What a process runs: everything, or one part of a split deployment (docs/scale-out.md); `cli` for commands. */
export type Role = 'all' | 'api' | 'projections' | 'worker' | 'cli';
