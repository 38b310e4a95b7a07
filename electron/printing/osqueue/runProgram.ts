import { spawn } from 'node:child_process';

export interface ProgramRun {
  readonly file: string;
  readonly args: readonly string[];
  /** Extra environment for the program; values that must not be parsed as code travel here rather than in the arguments. */
  readonly env?: Readonly<Record<string, string>>;
  readonly input?: string;
  readonly timeoutMs?: number;
}

export interface ProgramResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a program and collects its output; the seam the OS helpers are tested through. */
export type RunProgram = (run: ProgramRun) => Promise<ProgramResult>;

export const runProgram: RunProgram = (run) =>
  new Promise((resolve, reject) => {
    const child = spawn(run.file, [...run.args], { env: { ...process.env, ...run.env }, windowsHide: true, timeout: run.timeoutMs ?? 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input ?? '');
  });
