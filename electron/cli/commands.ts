import { buyCommand } from './buy';
import { historyCommand } from './history';
import { reportCommand } from './report';
import { ordersCommand } from './orders';
import { productsCommand } from './products';
import { rulesCommand } from './rules';
import { voidCommand } from './void';
import { reprintCommand } from './reprint';
import { labelCommand } from './label';
import { printCommand } from './print';
import { printersCommand } from './printers';
import { browserCommand } from './browser';
import type { CliCommand } from './command';
import { doctorCommand } from './doctor';
import { sandboxCommand } from './sandbox';
import { scalesCommand } from './scales';
import { scanCommand } from './scan';
import { serviceCommands } from './serviceCommands';
import { v1Command } from './v1';

/** Every CLI subcommand, in the order `--help` lists them. Add yours here. */
export const cliCommands: readonly CliCommand[] = [browserCommand, doctorCommand, sandboxCommand, scalesCommand, scanCommand, ordersCommand, productsCommand, rulesCommand, ...serviceCommands, buyCommand, voidCommand, reprintCommand, historyCommand, reportCommand, labelCommand, printersCommand, printCommand, v1Command];
