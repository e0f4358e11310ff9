/** Opens the live stream over real HTTP and keeps what arrives, for tests and the streams bench. */
import { request } from 'node:http';

export interface OpenStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Every byte received so far, as text. */
  text(): string;
  /** The SSE messages received so far: event name and parsed data. */
  messages(): { event: string; data: unknown }[];
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
}

export function openStream(
  port: number,
  opts: { token?: string; bearer?: boolean; lang?: string; path?: string } = {},
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (opts.token) {
      if (opts.bearer) headers.authorization = `Bearer ${opts.token}`;
      else headers.cookie = `token=${opts.token}`;
    }
    if (opts.lang) headers['accept-language'] = opts.lang;
    const req = request(
      { host: '127.0.0.1', port, path: opts.path ?? '/webapi/v1/stream', headers, agent: false },
      (res) => {
        let body = '';
        let ended = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        const done = new Promise<void>((r) => {
          const finish = () => {
            ended = true;
            r();
          };
          res.once('end', finish);
          res.once('close', finish);
          res.once('error', finish);
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: () => body,
          messages: () =>
            body
              .split('\n\n')
              .map((block) => {
                const event = /^event: (.*)$/m.exec(block)?.[1];
                const data = /^data: (.*)$/m.exec(block)?.[1];
                return event && data ? { event, data: JSON.parse(data) as unknown } : undefined;
              })
              .filter((m) => m !== undefined),
          ended: done,
          isEnded: () => ended,
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
