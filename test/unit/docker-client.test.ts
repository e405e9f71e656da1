import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createDockerClient } from '../../src/providers/docker/docker-client.js';

describe('the Docker client', () => {
  it('keeps its connection agent out of the request formatting docker-modem does on every call', async () => {
    const client = createDockerClient({ socketPath: '/nonexistent/docker.sock' });
    const agent = (client.modem as unknown as { agent: object }).agent;
    // docker-modem runs util.inspect(options, { showHidden: true, depth: null }) per request, debug log or not;
    // the agent (with its sockets, once used) is most of those options.
    await client.ping().catch(() => {});
    const formatted = inspect({ agent }, { showHidden: true, depth: null });
    expect(formatted.length).toBeLessThan(100);
    // Positive control: a plain agent of the same kind formats to hundreds of characters (thousands with sockets).
    const plain = new (agent.constructor as new () => object)();
    expect(inspect({ agent: plain }, { showHidden: true, depth: null }).length).toBeGreaterThan(500);
  });
});
