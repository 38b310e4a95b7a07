import { z } from 'zod';
import { command, event } from './define';

// Owned by the station core (issue 4): legacy v1 account views: balance, carrier accounts, v1 orders, v1 labels, v1 SCAN forms.
void z;
void command;
void event;
export const accountCommands = {} as const;
export const accountEvents = {} as const;
