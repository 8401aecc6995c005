// An SMTP server on loopback for the browser tests' mails: each mail the voice server sends is kept as a
// file (`<time>-<n>.eml`, the message as it came) in MAIL_DIR, emptied at start; meeting-mail.spec.ts
// reads them.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { MAIL_DIR, MOCK_SMTP_PORT } from './servers.ts';

fs.rmSync(MAIL_DIR, { recursive: true, force: true });
fs.mkdirSync(MAIL_DIR, { recursive: true });
let n = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      fs.writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${String(++n).padStart(4, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(MOCK_SMTP_PORT, '127.0.0.1');
