import { z } from 'zod';
import { command, event } from './define';

// Owned by the station core (issue 4): rating, buying, voids, tracking, pickups, address, insurance, SCAN forms, POD, history, orders, settings.
void z;
void command;
void event;
export const shippingCommands = {} as const;
export const shippingEvents = {} as const;
