// The project import worker: reading a project file (unpacking LZMA, parsing JSON, checking names
// and sizes) happens here, off the page's main thread, so a big or hostile file cannot freeze the
// editor. One worker per file; the page ends it to cancel.
import type { ImportWorkerMessage, ReadRequest } from './import-protocol.ts';
import { readProjectBytes } from './read-project-bytes.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReadRequest>) => void) | null;
  postMessage(message: ImportWorkerMessage): void;
};

scope.onmessage = (event) => {
  const { fileName, bytes } = event.data;
  const result = readProjectBytes(fileName, bytes, (fraction) => scope.postMessage({ type: 'progress', fraction }));
  scope.postMessage({ type: 'done', result });
};
