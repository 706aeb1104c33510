'use strict';
// The benchmark's "bare Node" target: the same bytes as the static baseline from a plain node:http
// server with nothing in front of it, i.e. what this machine can do for a response of that size.
// It runs as a child of the harness (started and stopped by bare-node.mjs) so that it has a
// process of its own, like the gateway, instead of sharing one with autocannon.
//
// Protocol over the IPC channel (advanced serialisation, so the body travels as a Buffer):
//   parent → child  { body: Buffer, contentType: string }
//   child → parent  { port: number }      listening on 127.0.0.1
// The child exits when the parent disconnects or sends SIGTERM.
const { Buffer } = require('node:buffer');
const http = require('node:http');

if (!process.send) {
  process.stderr.write(
    'bare-node-server.cjs is started by the benchmark harness (bench/lib/bare-node.mjs)\n',
  );
  process.exit(2);
}

/** @type {http.Server | undefined} */
let server;

process.once('message', (/** @type {{ body: Uint8Array, contentType: string }} */ message) => {
  const body = Buffer.from(message.body);
  const headers = { 'Content-Type': message.contentType, 'Content-Length': String(body.length) };
  server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server?.address();
    if (address && typeof address === 'object') process.send?.({ port: address.port });
  });
});

const stop = () => {
  if (!server) process.exit(0);
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('disconnect', stop);
process.once('SIGTERM', stop);
