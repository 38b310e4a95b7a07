import { browserCommand } from './browser';
import type { CliCommand } from './command';
import { sandboxCommand } from './sandbox';
import { scalesCommand } from './scales';
import { scanCommand } from './scan';

/** Every CLI subcommand, in the order `--help` lists them. Add yours here. */
export const cliCommands: readonly CliCommand[] = [browserCommand, sandboxCommand, scalesCommand, scanCommand];
