import net from 'node:net';

export interface SmtpReceived {
  from: string;
  to: string[];
  /** The message as sent after DATA (headers and MIME body). */
  raw: string;
}

/**
 * A minimal SMTP server for tests (RFC 5321's core: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT;
 * no TLS, no auth). Recipients without an "@" are refused with 553, as real servers do.
 */
export async function startTinySmtp(): Promise<{ url: string; received: SmtpReceived[]; close(): Promise<void> }> {
  const received: SmtpReceived[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data = '';
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 tiny-smtp.example ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ from, to, raw: data });
            data = '';
            reply('250 2.0.0 queued');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const [verb = '', ...rest] = line.split(' ');
        const arg = rest.join(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO':
            reply('250-tiny-smtp.example');
            reply('250 8BITMIME');
            break;
          case 'HELO':
            reply('250 tiny-smtp.example');
            break;
          case 'MAIL':
            from = /<(.*)>/.exec(arg)?.[1] ?? '';
            to = [];
            reply('250 2.1.0 ok');
            break;
          case 'RCPT': {
            const addr = /<(.*)>/.exec(arg)?.[1] ?? '';
            if (!addr.includes('@')) reply('553 5.1.3 bad recipient address');
            else {
              to.push(addr);
              reply('250 2.1.5 ok');
            }
            break;
          }
          case 'DATA':
            if (!to.length) reply('554 5.5.1 no valid recipients');
            else {
              inData = true;
              reply('354 end data with <CR><LF>.<CR><LF>');
            }
            break;
          case 'RSET':
            from = '';
            to = [];
            reply('250 ok');
            break;
          case 'NOOP':
            reply('250 ok');
            break;
          case 'QUIT':
            reply('221 bye');
            socket.end();
            break;
          default:
            reply('502 5.5.2 command not implemented');
        }
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
