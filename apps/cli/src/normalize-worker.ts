// A worker thread of `pidgate normalize --jobs N`: normalizes the blocks of lines the main thread
// sends (bytes of whole lines) and sends back the output lines (UTF-8, transferred) with their counts.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { registry } from '@pidgate/schemes';
import { type BlockOptions, normalizeBlock } from './normalize-block.ts';

const { options, port } = workerData as { options: BlockOptions; port: MessagePort };
if (parentPort) {
  parentPort.on('message', (bytes: Uint8Array) => {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    const { out, counts } = normalizeBlock(registry, text, options);
    port.postMessage({ out, counts }, [out.buffer as ArrayBuffer]);
  });
  port.postMessage('ready');
}
