import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAPROXY_TEMPLATE, haproxyBinary, haproxyConfig, missingPackages } from './cluster.mjs';

const template = fs.readFileSync(HAPROXY_TEMPLATE, 'utf8');

describe("start:cluster's balancer configuration (deploy/haproxy.cfg)", () => {
  it('moves the port and the runtime-API socket and lists one server per API process, keeping the rest', () => {
    const text = haproxyConfig(template, {
      port: 18000,
      socket: '/tmp/run/haproxy.sock',
      servers: [
        { name: 'api1', port: 18101 },
        { name: 'api2', port: 18102 },
        { name: 'api3', port: 18103 },
      ],
    });
    expect(text).toContain('    bind 127.0.0.1:18000');
    expect(text).not.toContain('bind :8000');
    expect(text).toContain('    stats socket /tmp/run/haproxy.sock mode 600 level admin');
    expect(text.match(/^\s*server .*$/gm)).toEqual([
      '    server api1 127.0.0.1:18101',
      '    server api2 127.0.0.1:18102',
      '    server api3 127.0.0.1:18103',
    ]);
    for (const kept of [
      'option httpchk GET /api/health',
      'option forwardfor',
      'http-request disable-l7-retry unless METH_GET',
    ]) {
      expect(text).toContain(kept);
    }
  });

  it('adds a log line per request only when asked', () => {
    const options = { port: 1, socket: '/s', servers: [{ name: 'api1', port: 2 }] };
    expect(haproxyConfig(template, options)).not.toContain('option httplog');
    expect(haproxyConfig(template, { ...options, log: true })).toMatch(
      /log stdout format raw local0[\s\S]*option httplog/,
    );
  });

  it('refuses a configuration that lost the lines it rewrites', () => {
    const withoutMarks = template.replaceAll('# start:cluster', '');
    expect(() => haproxyConfig(withoutMarks, { port: 1, socket: '/s', servers: [] })).toThrow(/start:cluster/);
  });

  it.skipIf(missingPackages().includes('haproxy'))('is a configuration HAProxy accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-config-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      fs.writeFileSync(
        file,
        haproxyConfig(template, {
          port: 18000,
          socket: path.join(dir, 'sock'),
          servers: [{ name: 'api1', port: 18101 }],
        }),
      );
      const checked = spawnSync(haproxyBinary(), ['-c', '-f', file], { encoding: 'utf8' });
      expect(checked.status, checked.stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
