import { Socket } from 'node:net';
import type { ReplyHead } from './protocol.ts';

// The runners' reply channels (protocol.ts, ReplyHead), as the response thread holds them: it
// writes every reply frame, so a 5 MiB value made here never goes back to the main thread. Each
// runner's channel is a stream of its own that never blocks the thread: a runner that stops
// reading only fills its own channel's buffer, and the others' replies go on.

interface Channel {
  socket: Socket;
  /** The run the runner is serving; frames for any other are dropped. */
  runId: number | null;
  /** That run's response CPU so far (response-body.ts, cpuMs). */
  cpuMs: number;
}

export class ReplyChannels {
  readonly #channels = new Map<number, Channel>();

  /** Takes over `fd`, the writing end of a runner's channel (sandbox-pool.ts, #replyChannel). */
  open(id: number, fd: number): void {
    const socket = new Socket({ fd, readable: false, writable: true });
    // A runner that died leaves a broken pipe: the pool sees its exit and closes this.
    socket.on('error', () => socket.destroy());
    this.#channels.set(id, { socket, runId: null, cpuMs: 0 });
  }

  /** The run a runner serves from now on (null: none); its response CPU starts from zero. */
  serve(id: number, runId: number | null): void {
    const channel = this.#channels.get(id);
    if (channel) Object.assign(channel, { runId, cpuMs: 0 });
  }

  /**
   * Counts a response's CPU against its run, and says whether the run is still within
   * `budgetMs`: past it the pool fails the run, and its reply is not sent.
   */
  charge(id: number, runId: number, cpuMs: number, budgetMs: number): boolean {
    const channel = this.#channels.get(id);
    if (channel?.runId !== runId) return false;
    channel.cpuMs += cpuMs;
    return channel.cpuMs <= budgetMs;
  }

  /** Writes one frame, whole, if its run is the one the runner serves; says whether it did. */
  write(id: number, head: ReplyHead, text: Uint8Array): boolean {
    const channel = this.#channels.get(id);
    const socket = channel?.socket;
    if (channel?.runId !== head.runId || !socket?.writable) return false;
    const headBytes = Buffer.from(JSON.stringify(head));
    const lengths = Buffer.alloc(8);
    lengths.writeUInt32BE(headBytes.byteLength, 0);
    lengths.writeUInt32BE(text.byteLength, 4);
    // Never waits: what the runner has not read yet stays buffered on its own socket.
    socket.cork();
    socket.write(lengths);
    socket.write(headBytes);
    if (text.byteLength > 0) socket.write(text);
    socket.uncork();
    return true;
  }

  close(id: number): void {
    this.#channels.get(id)?.socket?.destroy();
    this.#channels.delete(id);
  }
}
