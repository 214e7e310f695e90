// Issue 22 item 4: the platform's text codecs against our hand-written ones (which remain the
// fallback where the platform has none: the CLI's program sandbox), and our LZMA and Intel HEX
// against the libraries they could be replaced by (LZMA-JS, which MakeCode uses; nrf-intel-hex).
// Wall-clock ms per operation, median of many runs after warm-up, in Node (V8, as Chromium).
import MemoryMap from 'nrf-intel-hex';
import { decodeLzma, encodeLzma, parseIntelHex } from '@blockyard/core';
import {
  decodeBase64,
  encodeBase64,
  handDecodeBase64,
  handEncodeBase64,
} from '../../packages/core/src/formats/base64.ts';
import { decodeUtf8, encodeUtf8, handDecodeUtf8, handEncodeUtf8 } from '../../packages/core/src/formats/utf8.ts';
import { bigProject } from '../../packages/core/test/fixtures/big-project.ts';
import { lzmaJsCompress, lzmaJsDecompress } from '../../packages/core/test/fixtures/lzma-js.ts';
import { makecodeHex } from '../../packages/core/test/fixtures/makecode-layout.ts';
import { writeResult } from '../lib/report.ts';
import { summarize, timeSamples } from '../lib/stats.ts';

function time(work: () => unknown, runs = 15, warmups = 3) {
  return summarize(timeSamples(work, runs, warmups));
}

// A 1,000-block project's JSON (about 1 MB, mostly ASCII) and a text with every script.
const projectText = JSON.stringify(bigProject(1000));
const mixedText = 'Grüße, 你好, مرحبا, 😀 '.repeat(20_000);
const projectBytes = encodeUtf8(projectText);
const mixedBytes = encodeUtf8(mixedText);
const pngLike = projectBytes.subarray(0, 256 * 1024);
const pngBase64 = encodeBase64(pngLike);

const lzmaInput = encodeUtf8(JSON.stringify(bigProject(300)));
const ourLzma = encodeLzma(lzmaInput, { level: 7 });
const theirLzma = lzmaJsCompress(lzmaInput);
const hexText = makecodeHex({
  source: { files: bigProject(300, 2), name: 'Big' },
  programBytes: 236_000,
  universal: false,
});

const metrics = {
  utf8EncodeProjectPlatformMs: time(() => encodeUtf8(projectText)),
  utf8EncodeProjectHandMs: time(() => handEncodeUtf8(projectText)),
  utf8EncodeMixedPlatformMs: time(() => encodeUtf8(mixedText)),
  utf8EncodeMixedHandMs: time(() => handEncodeUtf8(mixedText)),
  utf8DecodeProjectPlatformMs: time(() => decodeUtf8(projectBytes)),
  utf8DecodeProjectHandMs: time(() => handDecodeUtf8(projectBytes)),
  utf8DecodeMixedPlatformMs: time(() => decodeUtf8(mixedBytes)),
  utf8DecodeMixedHandMs: time(() => handDecodeUtf8(mixedBytes)),
  base64Encode256KbPlatformMs: time(() => encodeBase64(pngLike)),
  base64Encode256KbHandMs: time(() => handEncodeBase64(pngLike)),
  base64Decode256KbPlatformMs: time(() => decodeBase64(pngBase64)),
  base64Decode256KbHandMs: time(() => handDecodeBase64(pngBase64)),
  lzmaEncodeOursMs: time(() => encodeLzma(lzmaInput, { level: 7 }), 5, 1),
  lzmaEncodeLzmaJsMs: time(() => lzmaJsCompress(lzmaInput), 5, 1),
  lzmaDecodeOursMs: time(() => decodeLzma(ourLzma)),
  lzmaDecodeLzmaJsMs: time(() => lzmaJsDecompress(theirLzma)),
  lzmaOursBytes: summarize([ourLzma.length]),
  lzmaLzmaJsBytes: summarize([theirLzma.length]),
  intelHexParseOursMs: time(() => parseIntelHex(hexText)),
  intelHexParseNrfIntelHexMs: time(() => MemoryMap.fromHex(hexText)),
};

const path = writeResult({
  name: 'codecs',
  description:
    "Text codecs: the platform's (TextEncoder/TextDecoder, base64) against our hand-written fallbacks; our LZMA (level 7, a 300-block project's JSON) and Intel HEX reader (a V1 .hex with embedded source) against LZMA-JS and nrf-intel-hex. Wall-clock ms per operation.",
  metrics,
});
for (const [name, value] of Object.entries(metrics)) console.log(name.padEnd(34), value.median.toFixed(2));
console.log(`written to ${path}`);
