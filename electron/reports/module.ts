import type { Report } from '../../shared/contract/reports';
import { StationFailure } from '../../shared/contract/errors';
import type { StationContext, StationModule } from '../core/module';
import { createReportQuery, foldReport, type ReportRange, type SharedReportRows } from '../store/reportQuery';

/**
 * Reports: postage by day, carrier, service and bench, and the labels behind
 * them. A bench alone reads its own database. In a warehouse, the totals are
 * every bench's, summed by the warehouse database the way a bench sums its own
 * and folded by the same code; while the database is away, this bench's own
 * with words that they are partial. The label list (CSV) is this bench's.
 * `thisBench` is the name this bench's own labels are listed under.
 */
export function createReportsModule(ctx: StationContext, thisBench: string, shared?: SharedReportRows): StationModule<'report.summary' | 'report.labels' | 'report.daySheet'> {
  const query = createReportQuery(ctx.db);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  async function summary(range: ReportRange): Promise<Report> {
    if (!shared) return query.summary(range, thisBench);
    try {
      return foldReport(await shared.days(range, timeZone), range);
    } catch (error) {
      if (!(error instanceof StationFailure)) throw error;
      return { ...query.summary(range, thisBench), partial: error.error.message };
    }
  }

  return {
    handlers: {
      'report.summary': summary,
      'report.labels': async (range) => ({ labels: query.labels(range, thisBench) }),
      'report.daySheet': async ({ day }) => ({ ...query.daySheet(day, thisBench), report: await summary({ from: day, to: day }) }),
    },
  };
}
