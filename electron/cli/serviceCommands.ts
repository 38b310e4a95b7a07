import { addressCommand } from './address';
import type { CliCommand } from './command';
import { insureCommand } from './insure';
import { pickupsCommand } from './pickups';
import { podCommand } from './pod';
import { ratesCommand } from './rates';
import { returnsCommand } from './returns';
import { scanFormCommand } from './scanForm';
import { trackCommand } from './track';

/** The v2 service's capabilities, one command each, in the order of a package's life (listed after orders in `--help`). */
export const serviceCommands: readonly CliCommand[] = [addressCommand, ratesCommand, insureCommand, trackCommand, podCommand, returnsCommand, scanFormCommand, pickupsCommand];
