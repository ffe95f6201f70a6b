// The docs' Webhooks section verifies a delivery in Python too, and the sample works: run on a
// delivery signed here as the service signs it (Standard Webhooks), it accepts that one and refuses
// a tampered body. Skipped where no python3 is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const description = (parse(readFileSync(`${root}openapi/openapi.yaml`, 'utf8')) as { info: { description: string } }).info.description;
const python = spawnSync('python3', ['--version']).status === 0;

describe('webhook verification in the docs', () => {
  it('mentions the monitor events and has a Python sample', () => {
    expect(description).toContain('geo_monitor.run.completed');
    expect(description).toMatch(/Monitor events come the same way/);
    expect(description).toMatch(/```python\n/);
  });

  it.skipIf(!python)('accepts a genuine delivery and refuses a tampered one', () => {
    const block = /```python\n([\s\S]*?)```/.exec(description)![1]!;
    // Indented as a part of a list item in Markdown: dedented to run.
    const indent = Math.min(
      ...block
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => /^ */.exec(line)![0].length),
    );
    const sample = block.replace(new RegExp(`^ {${indent}}`, 'gm'), '');
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const id = 'msg_2Kx';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = '{"type":"audit.completed","data":{}}';
    const signature = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64');
    const headers = JSON.stringify({ 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` });
    const check = (sent: string) =>
      execFileSync(
        'python3',
        ['-c', `${sample}\nimport json, sys\nprint(is_genuine(sys.argv[1].encode(), json.loads(sys.argv[2]), sys.argv[3]))`, sent, headers, secret],
        {
          encoding: 'utf8',
        },
      ).trim();
    expect(check(body)).toBe('True');
    expect(check(body.replace('completed', 'failed'))).toBe('False');
  });
});
