import { once } from 'node:events';
import WebSocket from 'ws';

/** What a process holds after a full collection: the V8 heap in use and memory outside it (Buffers). */
export type RetainedMemory = { heapUsedMb: number; externalMb: number; totalMb: number };

type Reply = { id?: number; result?: Record<string, unknown>; error?: { message: string } };

/**
 * Collects the garbage of the process behind `inspectorUrl` (started with `--inspect`) and reads
 * `process.memoryUsage()` there, over the DevTools protocol. Resident size alone cannot tell a
 * leak from a heap between two collections; this can.
 */
export async function retainedMemory(inspectorUrl: string): Promise<RetainedMemory> {
  const socket = new WebSocket(inspectorUrl);
  await once(socket, 'open');
  const pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data)) as Reply;
    const waiting = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id!);
    if (reply.error) waiting.reject(new Error(reply.error.message));
    else waiting.resolve(reply.result ?? {});
  });
  let lastId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const evaluated = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    const usage = JSON.parse((evaluated.result as { value: string }).value) as NodeJS.MemoryUsage;
    const mb = (bytes: number) => bytes / 1024 / 1024;
    return {
      heapUsedMb: mb(usage.heapUsed),
      externalMb: mb(usage.external),
      totalMb: mb(usage.heapUsed + usage.external),
    };
  } finally {
    socket.close();
  }
}
