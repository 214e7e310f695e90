import type { BroadcastPort } from '@blockyard/projects';

/** BroadcastPort over the browser's BroadcastChannel (also in Node 18+ and workers). */
export class BroadcastChannelPort<T> implements BroadcastPort<T> {
  private readonly channel: BroadcastChannel | null;

  constructor(name: string, create: (name: string) => BroadcastChannel = (n) => new BroadcastChannel(n)) {
    this.channel = openChannel(name, create);
  }

  post(message: T): void {
    this.channel?.postMessage(message);
  }

  subscribe(listener: (message: unknown) => void): () => void {
    const channel = this.channel;
    if (!channel) return () => undefined;
    const handler = (event: MessageEvent<unknown>) => listener(event.data);
    channel.addEventListener('message', handler);
    return () => channel.removeEventListener('message', handler);
  }

  close(): void {
    this.channel?.close();
  }
}

function openChannel(name: string, create: (name: string) => BroadcastChannel): BroadcastChannel | null {
  try {
    return create(name);
  } catch {
    return null; // No BroadcastChannel (very old browser): tabs simply do not hear each other.
  }
}
