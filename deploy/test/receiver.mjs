// The webhook receiver of `npm run test:container`: a container of the site's own image on the
// stack's network (it has Node and `standardwebhooks`), started by the test as LEAD_WEBHOOK_URL's
// host. Each delivery's signature is checked with LEAD_WEBHOOK_SECRET, then one JSON line is printed
// ({id, type, lead, verified}) for the test to read from the container's log; the answer is 204.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.LEAD_WEBHOOK_SECRET);
http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let line;
      try {
        const event = webhook.verify(body, req.headers);
        line = { id: req.headers['webhook-id'], type: event.type, lead: event.data.lead.id, verified: true };
      } catch (err) {
        line = { id: req.headers['webhook-id'], verified: false, error: String(err) };
      }
      console.log(JSON.stringify(line));
      res.writeHead(line.verified ? 204 : 400).end();
    });
  })
  .listen(8080, '0.0.0.0', () => console.log(JSON.stringify({ listening: 8080 })));
