// The loopback IndexNow endpoint in a process of its own, for tests whose builds block their own event loop
// (astroBuild runs `astro build` synchronously): appends each request as a JSON line to the file named by argv[2],
// answers 200, and prints its port.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

const log = process.argv[2]!;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    appendFileSync(
      log,
      `${JSON.stringify({ method: req.method, path: req.url, type: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') })}\n`,
    );
    res.writeHead(200).end();
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
