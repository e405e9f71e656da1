/**
 * Row 6: the logs of one container (follow: false, every line) over
 * graphql-ws, in lines per second as a client receives them, against reading
 * the same container's logs from the engine with dockerode (timestamps on,
 * as the API gives them). The figure is `instanceLogChunks` (what the client
 * library reads through); the one-message-per-line `instanceLogs` is noted.
 */
import Dockerode from 'dockerode';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { type BenchRow, fmt, ratio } from '../support.js';
import { deprovision, provisionWebAndSidecar, startDockerBench } from './provision.js';

const LINES = 20_000;
const LOGS = `subscription BenchLogs($instanceId: ID!) {
  instanceLogs(instanceId: $instanceId, service: "sidecar", follow: false) { timestamp message dropped }
}`;
const CHUNKS = `subscription BenchLogChunks($instanceId: ID!) {
  instanceLogChunks(instanceId: $instanceId, service: "sidecar", follow: false) { lines { timestamp message dropped } }
}`;

type Line = { timestamp: string; message: string; dropped: number };

export async function logRows(): Promise<BenchRow[]> {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const { w, stop } = await startDockerBench();
  let instanceId: string | undefined;
  try {
    const p = await provisionWebAndSidecar(w, ['sh', '-c', `seq 1 ${LINES}; sleep 3600`]);
    instanceId = p.instanceId;
    const local = Buffer.from(instanceId, 'base64').toString('utf8').split(':')[1]!;
    const [info] = await docker.listContainers({
      filters: { label: [`wheelhouse.instance=${local}`, 'wheelhouse.service=sidecar'] },
    });
    if (!info) throw new Error('no sidecar container');
    const container = docker.getContainer(info.Id);
    const engineRead = async () => {
      const s = performance.now();
      const buf = (await container.logs({ stdout: true, stderr: true, timestamps: true, follow: false })) as Buffer;
      const ms = performance.now() - s;
      // Multiplexed frames: 8-byte header, then the payload.
      let lines = 0;
      for (let i = 0; i + 8 <= buf.length; ) {
        const len = buf.readUInt32BE(i + 4);
        const chunk = buf.subarray(i + 8, i + 8 + len);
        for (const b of chunk) if (b === 10) lines++;
        i += 8 + len;
      }
      return { lines, ms };
    };
    // Wait until every line is in the engine's log.
    for (let i = 0; i < 100 && (await engineRead()).lines < LINES; i++) await new Promise((r) => setTimeout(r, 100));
    const wsUrl = w.url.replace(/^http/, 'ws');
    const client = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${w.token}` },
    });
    /** Every line the client receives, counted as it arrives. */
    const read = async (chunked: boolean) => {
      const s = performance.now();
      let lines = 0;
      let dropped = 0;
      let first = 0;
      const take = (l: Line) => {
        if (lines === 0) first = performance.now() - s;
        lines++;
        dropped += l.dropped;
      };
      await new Promise<void>((resolve, reject) => {
        client.subscribe<{ instanceLogs?: Line; instanceLogChunks?: { lines: Line[] } }>(
          { query: chunked ? CHUNKS : LOGS, variables: { instanceId } },
          {
            next: (r) => {
              if (r.data?.instanceLogChunks) for (const l of r.data.instanceLogChunks.lines) take(l);
              else if (r.data?.instanceLogs) take(r.data.instanceLogs);
            },
            error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
            complete: resolve,
          },
        );
      });
      return { lines, dropped, first, ms: performance.now() - s };
    };
    const ours = () => read(true);
    // Best of three each, alternating.
    const a: { lines: number; dropped: number; first: number; ms: number }[] = [];
    const b: { lines: number; ms: number }[] = [];
    for (let i = 0; i < 3; i++) {
      a.push(await ours());
      b.push(await engineRead());
    }
    const perLine = await read(false);
    await client.dispose();
    const rate = (x: { lines: number; ms: number }) => (x.lines / x.ms) * 1000;
    const bestA = a.reduce((x, y) => (rate(y) > rate(x) ? y : x));
    const bestB = b.reduce((x, y) => (rate(y) > rate(x) ? y : x));
    const r = rate(bestA) / rate(bestB);
    return [
      {
        figure: `instanceLogChunks lines/s (${LINES.toLocaleString('en-US')} lines, follow: false)`,
        value: `${fmt(rate(bestA), 0)}${bestA.dropped ? ` (${bestA.dropped} dropped)` : ''}`,
        baseline: `${fmt(rate(bestB), 0)} (engine via dockerode)`,
        ratio: ratio(r),
        goal: '≥ 0.5×',
        met: r >= 0.5 && bestA.lines >= LINES && bestA.dropped === 0,
        notes: [
          `graphql-ws, instanceLogChunks: ${a.map((x) => `${x.lines} lines in ${x.ms.toFixed(0)} ms (first after ${x.first.toFixed(1)} ms)`).join('; ')}`,
          `graphql-ws, instanceLogs (one message per line): ${perLine.lines} lines in ${perLine.ms.toFixed(0)} ms, ${fmt(rate(perLine), 0)} lines/s`,
          `engine: ${b.map((x) => `${x.lines} lines in ${x.ms.toFixed(0)} ms`).join('; ')}`,
        ],
      },
    ];
  } finally {
    if (instanceId) await deprovision(w, instanceId).catch(() => {});
    await stop();
  }
}
