import http from 'node:http';

export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: http.IncomingHttpHeaders;
}

/** One GET on the browser host, redirects not followed (the code's answer is a redirect with the cookie). */
export function getPage(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      })
      .on('error', reject);
  });
}

/** Trades a one-time page address for the cookie the host sets, as a browser does: "name=value". */
export async function tradeCode(pageUrl: string): Promise<string> {
  const answer = await getPage(pageUrl);
  const cookie = answer.headers['set-cookie']?.[0];
  if (answer.status !== 303 || !cookie) throw new Error(`the host did not trade the code (${answer.status})`);
  return cookie.split(';')[0] ?? '';
}
