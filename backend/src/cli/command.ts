import type { Runtime } from '../runtime';

/** One operator command. Command files import their types from here, never from the entry point. */
export interface CliCommand {
  /** e.g. "users create" */
  name: string;
  summary: string;
  options?: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  /** Runs with services; returns one or more results to print. */
  run(rt: Runtime, args: { values: Record<string, any>; positionals: string[] }, out: Output): Promise<void>;
  /** Commands that need no database (e.g. apply-form) skip booting the runtime. */
  standalone?: boolean;
}

export interface Output {
  json: boolean;
  /** Prints one result: a JSON line with --json, else the human text. */
  result(value: unknown, human?: string): void;
  info(msg: string): void;
}

/** A failure whose message is for the operator (printed as is, exit code 1). */
export class CliError extends Error {}
