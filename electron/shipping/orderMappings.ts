import { z } from 'zod';
import { fail } from '../../shared/contract/errors';
import { mappingProblems, type ColumnMapping } from '../../shared/domain/orderImport/mapping';
import { createSettingsStore } from '../store/settings';
import type { ShippingDeps } from './deps';

const KEY = 'orders.columnMappings';
const schema = z.array(z.object({ name: z.string(), header: z.array(z.string()), columns: z.record(z.string(), z.string()) }));

/** Column mappings for CSV files no store export matches, kept on this bench under the names the operator gave them. */
export function createOrderMappings(deps: ShippingDeps) {
  const store = createSettingsStore(deps.ctx.db, deps.ctx.now);
  const all = (): ColumnMapping[] => store.get(KEY, schema, []);
  return {
    all,
    named(name: string): ColumnMapping {
      const found = all().find((m) => m.name.toLowerCase() === name.trim().toLowerCase());
      if (!found) fail('not_found', `No column mapping is named "${name.trim()}". Save one first (orders mapping save NAME FILE --map order_number=COLUMN …).`, { field: 'mapping' });
      return found;
    },
    /** Saves it, replacing one of the same name; refused in words when it does not fit the header it is made for. */
    save(mapping: ColumnMapping): ColumnMapping {
      const problems = mappingProblems(mapping.columns, mapping.header);
      if (problems.length > 0) fail('invalid_input', `The mapping "${mapping.name}" cannot be saved: ${problems.join('; ')}.`, { field: 'columns' });
      store.set(KEY, [...all().filter((m) => m.name.toLowerCase() !== mapping.name.toLowerCase()), mapping]);
      return mapping;
    },
  };
}
