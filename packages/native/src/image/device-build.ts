import {
  buildSourceEmbedding,
  encodeEmbeddedProject,
  encodeUtf8,
  type EmbedOptions,
  type ProjectFiles,
} from '@blockyard/core';
import type { FirmwareStore } from '../firmware/firmware-store.ts';
import { sha256Hex } from '../binary/sha256.ts';
import { writeUniversalHex } from './device-files.ts';
import { linkVariant, type LinkedVariant } from './link-variant.ts';
import type { ProgramObject } from './program-object.ts';

/**
 * The whole device build of one program: both variants linked against their firmware, and the
 * Universal Hex a learner downloads. Cached by a SHA-256 of everything that goes in (spec 000 §4:
 * the bundled images are the firmware, the local cache holds linked results; nothing is fetched
 * from elsewhere).
 */
export interface DeviceImages {
  /** The cache key: SHA-256 of the program object, its flavor and the embedded source. */
  key: string;
  v1: LinkedVariant;
  v2: LinkedVariant;
  /** The embedded source blob, when the build carries one. */
  source: Uint8Array | undefined;
  universalHex: string;
}

/** The embedded-source blob for a project (MakeCode's layout, written by core). */
export function projectSource(files: ProjectFiles, options: EmbedOptions = {}): Uint8Array {
  const { meta, text } = encodeEmbeddedProject(files, options);
  return buildSourceEmbedding(meta, text);
}

/** A stable key for the inputs of a device build. */
export function deviceBuildKey(program: ProgramObject, source?: Uint8Array): string {
  const description = JSON.stringify({
    flavor: program.flavor ?? 'radio',
    header: program.header,
    relocations: program.relocations,
    code: program.code.length,
    source: source?.length ?? -1,
  });
  const text = encodeUtf8(description);
  const all = new Uint8Array(text.length + program.code.length + (source?.length ?? 0));
  all.set(text);
  all.set(program.code, text.length);
  if (source) all.set(source, text.length + program.code.length);
  return sha256Hex(all);
}

/** Keeps the last `capacity` builds (spec 000 §9: hex cache of the last 10 keys). */
export class DeviceImageCache {
  private readonly entries = new Map<string, DeviceImages>();

  constructor(private readonly capacity = 10) {}

  get(key: string): DeviceImages | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(images: DeviceImages): void {
    this.entries.delete(images.key);
    this.entries.set(images.key, images);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Links a program for V1 and V2 and writes the Universal Hex. Throws ProgramTooBigError (code
 * 9283, naming the board) when it does not fit one of them, FirmwareError when an image cannot
 * be loaded, LinkError for a malformed program object.
 */
export async function buildDeviceImages(
  store: FirmwareStore,
  program: ProgramObject,
  options: { source?: Uint8Array; cache?: DeviceImageCache } = {},
): Promise<DeviceImages> {
  const key = deviceBuildKey(program, options.source);
  const cached = options.cache?.get(key);
  if (cached) return cached;
  const flavor = program.flavor ?? 'radio';
  const [v1Firmware, v2Firmware] = await Promise.all([store.get('v1', flavor), store.get('v2', flavor)]);
  const v1 = linkVariant(v1Firmware, program);
  const v2 = linkVariant(v2Firmware, program);
  const images: DeviceImages = {
    key,
    v1,
    v2,
    source: options.source,
    universalHex: writeUniversalHex(v1, v2, options.source),
  };
  options.cache?.set(images);
  return images;
}
