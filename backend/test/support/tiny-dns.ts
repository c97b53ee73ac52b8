import dgram from 'node:dgram';

/**
 * A minimal authoritative DNS server for tests (UDP, one question per query, A and AAAA only): names
 * in `a` answer their IPv4 address (AAAA: no data), everything else is NXDOMAIN. Counts the names it
 * was asked, so a test can tell a lookup from none. No network beyond loopback.
 */
export async function startTinyDns(
  a: Record<string, string>,
): Promise<{ server: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, from) => {
    if (msg.length < 12) return;
    const labels: string[] = [];
    let i = 12;
    while (i < msg.length && msg[i]! > 0) {
      labels.push(msg.subarray(i + 1, i + 1 + msg[i]!).toString('latin1'));
      i += msg[i]! + 1;
    }
    const questionEnd = i + 5;
    const name = labels.join('.').toLowerCase();
    const qtype = msg.readUInt16BE(i + 1);
    asked.push(name);
    const ip = a[name];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    const rcode = ip === undefined ? 3 : 0; // NXDOMAIN, or NOERROR
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | rcode, 2); // response, authoritative, RD copied
    header.writeUInt16BE(1, 4); // one question
    const answer =
      ip !== undefined && qtype === 1
        ? Buffer.concat([
            Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4]),
            Buffer.from(ip.split('.').map(Number)),
          ])
        : Buffer.alloc(0);
    header.writeUInt16BE(answer.length ? 1 : 0, 6);
    socket.send(Buffer.concat([header, msg.subarray(12, questionEnd), answer]), from.port, from.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    asked,
    close: () => new Promise<void>((r) => socket.close(() => r())),
  };
}
