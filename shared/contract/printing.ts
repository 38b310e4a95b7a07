import { z } from 'zod';
import { command, event } from './define';

// Owned by the printing work (issue 5): printer profiles, print jobs, reprints.
void z;
void command;
void event;
export const printingCommands = {} as const;
export const printingEvents = {} as const;
