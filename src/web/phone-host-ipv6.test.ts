/**
 * Phone access on an IPv6 address (the address list offers a LAN's IPv6 addresses): Host and Origin carry the
 * address in brackets, and must match the bound origin exactly. Run on ::1, standing for a LAN address; skipped, with
 * the reason in the suite name, where this machine has no IPv6 loopback.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { phoneListenerKit } from './phone-host-test-support';

const ADDRESS = '::1';
const noIPv6 = await new Promise<string>((resolve) => {
  const probe = net.createServer();
  probe.once('error', (err: NodeJS.ErrnoException) => resolve(`no IPv6 loopback here (${err.code ?? String(err)})`));
  probe.listen(0, ADDRESS, () => probe.close(() => resolve('')));
});
const kit = phoneListenerKit(ADDRESS);

describe.skipIf(noIPv6 !== '' || process.platform !== 'linux')(
  `the phone listener on an IPv6 address${noIPv6 ? ` — SKIPPED: ${noIPv6}` : ''}`,
  () => {
    it('takes the bracketed Host and Origin, pairs and serves a device', async () => {
      const s = await kit.setup();
      expect(s.host.origin).toBe(`https://[::1]:${s.host.port}`);
      expect(await kit.get(s.host, '/', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' })).toBe(200);
      const d = await kit.pair(s);
      const phone = await kit.connectDevice(s, d);
      expect(await phone.call('getBoard')).toMatchObject({ ok: true, value: { rows: [] } });
    });

    it('refuses a Host or Origin that names the address otherwise, or another port', async () => {
      const s = await kit.setup();
      const port = s.host.port;
      for (const host of [
        `::1:${port}`,
        '[::1]',
        `[0:0:0:0:0:0:0:1]:${port}`,
        `[::1]:${port + 1}`,
        `localhost:${port}`,
      ])
        expect(await kit.get(s.host, '/', { host }), host).toBe(403);
      for (const origin of [
        `https://::1:${port}`,
        `https://[0:0:0:0:0:0:0:1]:${port}`,
        `https://[::1]:${port + 1}`,
        'https://[::1]',
        `http://[::1]:${port}`,
      ])
        await expect(kit.open(s.host, { origin }), origin).rejects.toThrow(/refused 403/);
    });
  },
);
