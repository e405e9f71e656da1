import { Writable } from 'node:stream';
import type Dockerode from 'dockerode';

/**
 * Runs `script` with `sh -c` in a container (docker exec) and answers its
 * stdout; a non-zero exit throws with the script, the code and its stderr.
 * Tests use it to put data on a volume and read checksums where the data
 * lands: on the engine.
 */
export async function shellIn(docker: Dockerode, containerId: string, script: string): Promise<string> {
  const exec = await docker
    .getContainer(containerId)
    .exec({ Cmd: ['sh', '-c', script], AttachStdout: true, AttachStderr: true });
  const stream = await exec.start({ hijack: true, stdin: false });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const into = (parts: Buffer[]) =>
    new Writable({
      write: (b: Buffer, _e, cb) => {
        parts.push(b);
        cb();
      },
    });
  docker.modem.demuxStream(stream, into(out), into(err));
  await new Promise((r) => stream.on('end', r));
  const { ExitCode } = await exec.inspect();
  if (ExitCode !== 0) throw new Error(`${script} exited ${ExitCode}: ${Buffer.concat(err)}`);
  return Buffer.concat(out).toString('utf8');
}
