import { z } from 'zod';
import { command, event } from './define';

// Owned by the bench input work (issue 6): scales, simulated scale, scan parsing.
void z;
void command;
void event;
export const deviceCommands = {} as const;
export const deviceEvents = {} as const;
