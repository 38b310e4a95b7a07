import { z } from 'zod';
import { command } from './define';
import type { BenchState } from './bench';
import { autoBuySettingSchema, type AutoBuySetting } from './autoBuyView';

export const autoBuyCommands = {
  'settings.autoBuy.get': command<AutoBuySetting>()('This bench\'s auto-buy setting: on or off, the cap in dollars and the countdown', z.object({}).strict()),
  'settings.autoBuy.set': command<AutoBuySetting>()('Change this bench\'s auto-buy setting', autoBuySettingSchema),
  'bench.stopAutoBuy': command<BenchState>()('Esc: stop the auto-buy countdown of the package on the bench; it then waits for Enter', z.object({}).strict()),
} as const;
