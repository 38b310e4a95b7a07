import { createV1Client } from '../../electron/api/v1/client';
import type { RunningSandbox } from '../../electron/sandbox';

const cell = (value: unknown): string => `"${String(value ?? '').replace(/"/g, '""')}"`;

/**
 * The sandbox's demo orders as a shop's CSV export would list them. A real
 * service lists no orders, so a station that reaches the sandbox as a live
 * service (--base-url, an override) imports them; only a test reads the
 * practice extension directly.
 */
export async function demoOrdersCsv(sandbox: RunningSandbox): Promise<string> {
  const practice = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken, practice: true });
  const { orders } = await practice.practiceOrderList({ page_size: 200 });
  const rows = orders.map((o) => {
    const box = o.shipments[0];
    const weightOz = box?.weight ? Math.round(box.weight * 16 * 100) / 100 : '';
    const cells: unknown[] = [o.order_number, o.client_name, o.client_company, o.client_street, o.client_street2, o.client_city, o.client_state, o.client_zip, o.client_country, o.client_phone, o.client_email, weightOz, box?.length, box?.width, box?.height];
    return cells.map(cell).join(',');
  });
  return ['order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in', ...rows].join('\n');
}
