import type { StationContext, StationModule } from '../core/module';
import { createReportQuery } from '../store/reportQuery';

/**
 * Reports: postage by day, carrier, service and bench, and the labels behind
 * them. Read-only, from this station's own database (no network).
 * `thisBench` is the name this bench's own labels are listed under.
 */
export function createReportsModule(ctx: StationContext, thisBench: string): StationModule<'report.summary' | 'report.labels' | 'report.daySheet'> {
  const query = createReportQuery(ctx.db);
  return {
    handlers: {
      'report.summary': async (range) => query.summary(range, thisBench),
      'report.labels': async (range) => ({ labels: query.labels(range, thisBench) }),
      'report.daySheet': async ({ day }) => query.daySheet(day, thisBench),
    },
  };
}
